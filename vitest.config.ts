import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@lib': fileURLToPath(new URL('./lib', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['tests/globalSetup.ts'],
    // A page or an admin screen on a shared two-core machine may take a few seconds to show what a poll waits for.
    expect: { poll: { timeout: 10_000 } },
  },
});
