import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that drive Chromium or start servers as child processes, and the files that measure how the server keeps
 * answering while it works hard: each needs the machine to itself, so they run one at a time, after the rest, and
 * never beside another file that would slow their pages down.
 */
const EXCLUSIVE = [
  'tests/**/*.browser.test.ts',
  'tests/process/**/*.test.ts',
  'tests/api/stall.test.ts',
  'tests/api/nesting.test.ts',
  'tests/api/database-partition.test.ts',
];

export default defineConfig({
  resolve: { alias: { '@lib': fileURLToPath(new URL('./lib', import.meta.url)) } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/globalSetup.ts'],
    // A page or an admin screen on a shared two-core machine may take a few seconds to show what a poll waits for.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      // Two at a time: most of a file's time is spent waiting on its database, so two keep both cores busy.
      { extends: true, test: { name: 'server', include: ['tests/**/*.test.{ts,tsx}'], exclude: EXCLUSIVE, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'exclusive', include: EXCLUSIVE, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
