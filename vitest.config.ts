import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Files that drive Debian's Chromium: each keeps a core busy while a page works, so they run one at a time. */
const BROWSER = ['tests/**/*.browser.test.ts'];

/**
 * Files that start the built server as child processes (nginx in front of one too): each child keeps a core busy
 * while it starts, so they run one at a time.
 */
const PROCESSES = ['tests/process/**/*.test.ts', 'tests/deploy/config.test.ts'];

/** Files that measure how the server keeps answering while it works hard: they run last, with the machine to themselves. */
const MEASURING = ['tests/api/stall.test.ts', 'tests/api/nesting.test.ts', 'tests/api/database-partition.test.ts'];

/**
 * Files that replace a module with `vi.mock` (the recording Fastify that lists every route): they need a module
 * registry of their own, so they run in workers that load everything afresh for each file.
 */
const OWN_MODULES = ['tests/api/permissions.test.ts', 'tests/api/encoded-paths.test.ts', 'tests/api/fuzz.test.ts', 'tests/api/openapi.test.ts'];

export default defineConfig({
  resolve: { alias: { '@lib': fileURLToPath(new URL('./lib', import.meta.url)) } },
  test: {
    environment: 'node',
    // Bounds for a test that hangs, not for one that is slow: a state is waited for 30 s (Playwright's own default,
    // and polls the same), a test a minute, a Chromium or child-process test 2 minutes. `npm test` runs the groups
    // side by side (tests/run.ts), so a state may take several seconds on a shared two-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    pool: 'forks',
    // A worker keeps the modules it has loaded from one file to the next: the server and its dependencies are
    // imported once per worker instead of once per file (a file starts its own app on its own database, so what
    // a module keeps is only what does not change between sites).
    isolate: false,
    globalSetup: ['tests/globalSetup.ts'],
    expect: { poll: { timeout: 30_000 } },
    projects: [
      // Two at a time: most of a file's time is spent waiting on its database, so two keep both cores busy.
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: [...BROWSER, ...PROCESSES, ...MEASURING, ...OWN_MODULES],
          // The admin's jsdom files wait for a state as long as the rest of the suite.
          setupFiles: ['tests/helpers/testingLibrary.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES, isolate: true, maxWorkers: 2, sequence: { groupOrder: 0 } } },
      // One at a time each; `npm test` runs the two beside the group above (tests/run.ts).
      { extends: true, test: { name: 'browser', include: BROWSER, maxWorkers: 1, testTimeout: 120_000, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'processes', include: PROCESSES, maxWorkers: 1, testTimeout: 120_000, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'measuring', include: MEASURING, maxWorkers: 1, testTimeout: 120_000, sequence: { groupOrder: 2 } } },
    ],
  },
});
