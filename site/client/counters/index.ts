import type { ConfiguredCounter, CounterKind } from '@lib/analytics.js';
import { loadMetrika } from './metrika.js';

/** A started counter: told of every page opened by client navigation (the first one it counts itself). */
export interface RunningCounter {
  pageView: (url: string, referrer: string) => void;
}

// Every kind declared in lib/analytics.ts needs its loader here: a kind without one does not compile.
const LOADERS: Record<CounterKind, (id: string) => RunningCounter> = { metrika: loadMetrika };

let running: RunningCounter[] | null = null;
let lastUrl = '';

/** Loads the counters' scripts, once per page load. Call it only with the visitor's consent. */
export function startCounters(counters: readonly ConfiguredCounter[]): void {
  if (running) return;
  running = counters.map(({ kind, id }) => LOADERS[kind](id));
  lastUrl = window.location.href;
}

/** After a client navigation: the new address goes to the running counters, with the previous one as referrer. */
export function countPageView(): void {
  const url = window.location.href;
  if (!running || url === lastUrl) return;
  for (const counter of running) counter.pageView(url, lastUrl);
  lastUrl = url;
}
