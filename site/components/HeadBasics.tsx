import { CHUNK_GUARD_SOURCE, HEAD_ICONS } from '../headBasics.js';

/** The chunk-reload guard and the site's icons in a public page's head (see `site/headBasics.ts`). */
export function HeadBasics() {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: CHUNK_GUARD_SOURCE }} />
      {HEAD_ICONS.map((icon) => (
        <link key={icon.href} rel="icon" {...icon} />
      ))}
    </>
  );
}
