import { HeadBasics } from '../../components/HeadBasics.js';

/** The admin's head: the chunk guard (its screens load as chunks) and the site's icons. */
export function Head() {
  return <HeadBasics />;
}
