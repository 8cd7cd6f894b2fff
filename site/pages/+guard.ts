import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { DEFAULT_LOCALE } from '@lib/locales.js';
import { ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import { runGuards } from '../guards.js';

/**
 * A preview link that is expired or forged answers 403 with its reason. Then the guards the page declares by name
 * (`guards` in its `+config.ts`); an unknown name throws, i.e. 500.
 */
export async function guard(pageContext: PageContext): Promise<void> {
  if (pageContext.previewRefusal) throw render(403, pageContext.previewRefusal);
  if (pageContext.locale && pageContext.locale !== DEFAULT_LOCALE && !pageContext.config.inEnglish) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  await runGuards(pageContext.config.guards ?? [], pageContext);
}
