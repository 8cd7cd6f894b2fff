import type { PageContextClient } from 'vike/types';
import { localeOf } from '../../i18n/pageTexts.js';
import { loadTexts } from '../../i18n/texts.js';

interface Scheduler {
  yield: () => Promise<void>;
}

/**
 * The page's interface texts are loaded first (English ones are a chunk of their own).
 *
 * Before the first render, the browser gets the main thread back once: loading the page's modules and hydrating it
 * are then two tasks instead of one long one, so a tap or a scroll in between is answered at once (what Lighthouse's
 * total blocking time measures).
 */
export async function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> {
  await loadTexts(localeOf(pageContext));
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  await (scheduler?.yield ? scheduler.yield() : new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
