import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Files that drive Chromium or start the built server as child processes: each keeps a core or more busy. */
const BROWSER_AND_PROCESSES = ['tests/**/*.browser.test.ts', 'tests/process/**/*.test.ts'];

/**
 * Files that measure how the server keeps answering while it works hard: beside another file their bounds would
 * measure the other file, so they run alone, one at a time, last.
 */
const MEASURING = ['tests/api/stall.test.ts', 'tests/api/nesting.test.ts', 'tests/api/database-partition.test.ts'];

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
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...BROWSER_AND_PROCESSES, ...MEASURING],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      // Two at a time as well: every browser and process test waits for the state it needs, so a busier machine only
      // makes it wait longer. A state is waited for 30 s (Playwright's own default, and polls the same) and a test 2
      // minutes before it is called stuck: bounds for a test that hangs, not for one that is slow.
      {
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_AND_PROCESSES,
          maxWorkers: 2,
          testTimeout: 120_000,
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: 'measuring', include: MEASURING, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
