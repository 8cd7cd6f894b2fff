import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
 * The reports of the processes side by side interleave, and a CI log may keep only its end, so the run ends with a
 * summary of every failed test and its first error, read from each process's JSON report.
 *
 * Arguments go to every process: `npx tsx tests/run.ts --reporter=dot`.
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

interface GroupResult {
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

function runVitest(projects: string[]): Promise<GroupResult> {
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
  const child = spawn(process.execPath, argumentsOfRun, { stdio: 'inherit' });
  return new Promise((resolve) => {
    const finish = (exitCode: number) => resolve({ name, exitCode, failures: exitCode === 0 ? [] : readFailures(reportPath) });
    child.on('error', () => finish(1));
    child.on('exit', (code) => finish(code ?? 1));
  });
}

const sideBySide = await Promise.all([runVitest(['server', 'own-modules']), runVitest(['browser']), runVitest(['processes'])]);
const measuring = await runVitest(['measuring']);
const groups = [...sideBySide, measuring];
rmSync(reportFolder, { recursive: true, force: true });

console.log('\nnpm test, by group:');
for (const group of groups) console.log(`  ${group.exitCode === 0 ? 'passed' : `FAILED (exit ${group.exitCode})`}: ${group.name}`);
for (const group of groups.filter((failed) => failed.exitCode !== 0)) {
  console.log(`\nFailed in ${group.name}:`);
  for (const failure of group.failures) console.log(`\n${failure}`);
}
process.exitCode = groups.every((group) => group.exitCode === 0) ? 0 : 1;
