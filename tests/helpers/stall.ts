import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What a piece of work cost everyone else while it ran in this process. */
export interface StallReport<T> {
  /** What the work answered. */
  result: T;
  /** How long the work took. */
  elapsedMs: number;
  /** The slowest answer of the concurrent probe (the probe asked again and again, one at a time). */
  slowestProbeMs: number;
  /** How many probes were answered meanwhile. */
  probes: number;
  /** The longest the event loop was held up (perf_hooks' monitorEventLoopDelay, 10 ms resolution). */
  maxEventLoopDelayMs: number;
}

/**
 * Runs `work` while `probe` (a concurrent request, say `GET /` over a real socket) is asked again and again, one at a
 * time, and the event loop's delay is watched: what a single request may cost every other visitor of the process.
 */
export async function measureStall<T>(work: () => Promise<T>, probe: () => Promise<unknown>): Promise<StallReport<T>> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let done = false;
  let slowestProbeMs = 0;
  let probes = 0;
  loop.enable();
  const probing = (async () => {
    while (!done) {
      const asked = performance.now();
      await probe();
      slowestProbeMs = Math.max(slowestProbeMs, performance.now() - asked);
      probes++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  let result: T;
  let elapsedMs: number;
  try {
    result = await work();
    elapsedMs = performance.now() - started;
  } finally {
    done = true;
    await probing;
    loop.disable();
  }
  return { result, elapsedMs, slowestProbeMs, probes, maxEventLoopDelayMs: loop.max / 1e6 };
}
