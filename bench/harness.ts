import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';

/** A real app on a temporary SQLite database for a benchmark; `close` removes everything. */
export async function benchApp(options: { seedDemo: boolean; env?: Record<string, string> }): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: options.seedDemo ? '1' : '0',
    ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'error',
    ...options.env,
  });
  const app = await buildApp(config, { logger: false });
  return {
    app,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Runs `request` `count` times one after another and prints throughput and latency percentiles. */
export async function measure(label: string, count: number, request: (index: number) => Promise<unknown>): Promise<void> {
  const durations: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await request(i);
    durations.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  durations.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${String(Math.round((count / total) * 1000)).padStart(6)} req/s  p50 ${percentile(durations, 0.5).toFixed(2)} ms  p95 ${percentile(durations, 0.95).toFixed(2)} ms`,
  );
}
