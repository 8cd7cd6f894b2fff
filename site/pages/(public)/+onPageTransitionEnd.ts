import { countPageView } from '../../client/consentChunk.js';
import { navigationEnded } from '../../client/navigation.js';

export function onPageTransitionEnd(): void {
  navigationEnded();
  countPageView();
}
