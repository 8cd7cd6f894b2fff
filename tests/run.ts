import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The Vitest run of `npm test`: the projects of vitest.config.ts in three Vitest processes side by side, then the
 * measuring files alone.
 *
 * The `browser` files (Chromium) and the `processes` files (the built server as child processes) run one at a time
 * each and spend much of their time waiting on a page or a child, while the `server` files keep their two workers
 * busy for only part of that time. One Vitest process runs its groups one after the other and cannot put them side by
 * side (it refuses projects of one group whose worker counts differ). The measuring files check how the server keeps
 * answering while it works hard, so they run last with the machine to themselves. Each process makes its own site
 * templates (tests/globalSetup.ts) and reports its own files; the run fails when any of them fails.
 *
 * Arguments go to every process: `npx tsx tests/run.ts --reporter=dot`.
 */

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const extraArguments = process.argv.slice(2);

function runVitest(projects: string[]): Promise<number> {
  const child = spawn(process.execPath, [vitest, 'run', ...projects.flatMap((project) => ['--project', project]), ...extraArguments], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const sideBySide = await Promise.all([runVitest(['server', 'own-modules']), runVitest(['browser']), runVitest(['processes'])]);
const measuring = await runVitest(['measuring']);
process.exitCode = [...sideBySide, measuring].every((code) => code === 0) ? 0 : 1;
