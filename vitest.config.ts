import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that drive Chromium or start the built server as child processes, and the files that measure how the server
 * keeps answering while it works hard: each keeps a core or more busy, so they run one at a time, after the rest.
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
    // A state reached in the background (a job's result, a kept version) may take a few seconds on a shared two-core machine.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      // Two at a time: most of a file's time is spent waiting on its database, so two keep both cores busy.
      {
        extends: true,
        test: { name: 'server', include: ['tests/**/*.test.{ts,tsx}'], exclude: EXCLUSIVE, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      // One at a time. Their tests wait for the states they need; a state is waited for 30 s (Playwright's own
      // default, and polls the same) and a test 2 minutes before it is called stuck: bounds for a test that hangs,
      // not for one that is slow.
      {
        extends: true,
        test: {
          name: 'exclusive',
          include: EXCLUSIVE,
          maxWorkers: 1,
          testTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
