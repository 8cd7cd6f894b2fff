import { navigationEnded } from '../../client/navigation.js';

export function onPageTransitionEnd(): void {
  navigationEnded();
}
