import { countPageView } from '../../client/counters/index.js';
import { navigationEnded } from '../../client/navigation.js';

export function onPageTransitionEnd(): void {
  navigationEnded();
  countPageView();
}
