import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `npm test`: the checks and the build side by side, then the projects of vitest.config.ts in three Vitest processes
 * side by side, then the measuring files alone.
 *
 * ESLint with the Prettier check, `tsc --noEmit` and the build are each one process on one core: run one after the
 * other they left the second core idle for two minutes. The build must end before the tests start (the browser and
 * process files serve it); the lint and the typecheck may go on beside the first test files.
 *
 * The `browser` files (Chromium) and the `processes` files (the built server as child processes) run one at a time
 * each and spend much of their time waiting on a page or a child, while the `server` files keep their two workers
 * busy for only part of that time. One Vitest process runs its groups one after the other and cannot put them side by
 * side (it refuses projects of one group whose worker counts differ). The measuring files check how the server keeps
 * answering while it works hard, so they run last with the machine to themselves. Each process makes its own site
 * templates (tests/globalSetup.ts) and reports its own files; the run fails when any step fails.
 *
 * The reports of the processes side by side interleave, and a CI log may keep only its end, so the run ends with a
 * summary of every step and every failed test with its first error, read from each Vitest process's JSON report.
 *
 * Arguments go to every Vitest process: `npx tsx tests/run.ts --reporter=dot`.
 */

const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const extraArguments = process.argv.slice(2);
// Vitest adds up its --reporter options: the JSON report joins the reporter asked for, or the default one.
const reporterArguments = [...(extraArguments.some((argument) => argument.startsWith('--reporter')) ? [] : ['--reporter=default']), '--reporter=json'];
const reportFolder = mkdtempSync(path.join(tmpdir(), 'vitest-reports-'));

interface JsonReport {
  testResults?: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults?: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

interface StepResult {
  name: string;
  exitCode: number;
  failures: string[];
}

function firstLines(text: string, count: number): string {
  return text.split('\n').slice(0, count).join('\n');
}

function readFailures(reportPath: string): string[] {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
  } catch {
    return ['(no JSON report: the Vitest process ended before writing it)'];
  }
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const fileName = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${fileName} > ${test.fullName}\n${firstLines(test.failureMessages?.[0] ?? '', 12)}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') failures.push(`${fileName}\n${firstLines(file.message ?? '', 12)}`);
  }
  return failures;
}

/** Runs a command to its end: its exit code, 1 when it cannot start. */
function run(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** An npm script of package.json as a step of the run; what it prints is its report. */
async function runScript(script: string): Promise<StepResult> {
  const exitCode = await run('npm', ['run', '--silent', script]);
  return { name: `npm run ${script}`, exitCode, failures: [] };
}

function runVitest(projects: string[]): Promise<StepResult> {
  const name = projects.join(' + ');
  const reportPath = path.join(reportFolder, `${projects.join('-')}.json`);
  const argumentsOfRun = [
    vitest,
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...extraArguments,
    ...reporterArguments,
    `--outputFile.json=${reportPath}`,
  ];
  return run(process.execPath, argumentsOfRun).then((exitCode) => ({
    name,
    exitCode,
    failures: exitCode === 0 ? [] : readFailures(reportPath),
  }));
}

const checks = Promise.all([runScript('lint'), runScript('typecheck')]);
const build = await runScript('build');
const steps: StepResult[] = [build];
if (build.exitCode === 0) {
  steps.push(...(await Promise.all([runVitest(['server', 'own-modules']), runVitest(['browser']), runVitest(['processes'])])));
  steps.push(await runVitest(['measuring']));
}
steps.unshift(...(await checks));
rmSync(reportFolder, { recursive: true, force: true });

console.log('\nnpm test, by step:');
for (const step of steps) console.log(`  ${step.exitCode === 0 ? 'passed' : `FAILED (exit ${step.exitCode})`}: ${step.name}`);
if (build.exitCode !== 0) console.log('  not run: the tests, which serve the build');
for (const step of steps.filter((failed) => failed.exitCode !== 0 && failed.failures.length > 0)) {
  console.log(`\nFailed in ${step.name}:`);
  for (const failure of step.failures) console.log(`\n${failure}`);
}
process.exitCode = steps.every((step) => step.exitCode === 0) ? 0 : 1;
