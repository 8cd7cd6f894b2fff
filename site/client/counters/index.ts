import type { ConfiguredCounter, CounterKind } from '@lib/analytics.js';
import { loadMetrika } from './metrika.js';

// Every kind declared in lib/analytics.ts needs its loader here: a kind without one does not compile.
const LOADERS: Record<CounterKind, (id: string) => void> = { metrika: loadMetrika };

let started = false;

/** Loads the counters' scripts, once per page load (each counts the page it is loaded on). Call it only with the visitor's consent. */
export function startCounters(counters: readonly ConfiguredCounter[]): void {
  if (started) return;
  started = true;
  for (const { kind, id } of counters) LOADERS[kind](id);
}
