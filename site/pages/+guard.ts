import type { PageContext } from 'vike/types';
import { runGuards } from '../guards.js';

/** Runs the guards the page declares by name (`guards` in its `+config.ts`); an unknown name throws, i.e. 500. */
export async function guard(pageContext: PageContext): Promise<void> {
  await runGuards(pageContext.config.guards ?? [], pageContext);
}
