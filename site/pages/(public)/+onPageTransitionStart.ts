import type { PageContextClient } from 'vike/types';
import { navigationStarted } from '../../client/navigation.js';

export function onPageTransitionStart(pageContext: Partial<PageContextClient>): void {
  navigationStarted(pageContext.urlOriginal ?? window.location.href);
}
