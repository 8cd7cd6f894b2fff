import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { familyNames, metricsWithEverySource, scrape } from '../helpers/metrics.js';

const run = promisify(execFile);

const promtool = ['promtool', '/usr/bin/promtool'].find((command) => {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
});
// CI installs promtool (.ci/run): there a missing one fails the run instead of quietly checking less.
if (!promtool && process.env.CI) throw new Error('CI requires promtool to check deploy/prometheus');

/** Words of PromQL that are not metric names: keywords, and Prometheus's own series. */
const NOT_OUR_METRICS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'up']);

/**
 * The metric names a PromQL expression reads: label matchers, groupings, ranges and strings left out, and
 * functions (a name before a parenthesis) too.
 */
function metricNamesIn(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, ' ');
  return [...bare.matchAll(/(?<![\w$.])([a-z_:][\w:]*)(?!\s*\(|[\w.])/gi)].map((match) => match[1]!).filter((name) => !NOT_OUR_METRICS.has(name));
}

/** A histogram's series (`_bucket`, `_count`, `_sum`) belong to its family. */
const familyOf = (name: string, families: Set<string>) => {
  const base = name.replace(/_(?:bucket|count|sum)$/, '');
  return families.has(name) ? name : families.has(base) ? base : null;
};

interface RuleFile {
  groups: { rules: { alert: string; expr: string }[] }[];
}

interface Dashboard {
  panels: { title: string; type: string; targets?: { expr: string }[] }[];
}

describe('the Prometheus and Grafana examples', () => {
  let dir = '';
  let t: TestApp;
  let families = new Set<string>();
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-prometheus-'));
    t = await createTestApp('sqlite');
    const app = metricsWithEverySource(t.app.outbox, 'x'.repeat(32));
    try {
      families = new Set(familyNames(await scrape(app, 'x'.repeat(32))));
    } finally {
      await app.close();
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads only metrics the server serves, in every alert and every dashboard panel', async () => {
    const rules = parse(await readFile('deploy/prometheus/alerts.yml', 'utf8')) as RuleFile;
    const dashboard = JSON.parse(await readFile('deploy/grafana/dashboard.json', 'utf8')) as Dashboard;
    const expressions = [
      ...rules.groups.flatMap((group) => group.rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr }))),
      ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ where: `panel «${panel.title}»`, expr: target.expr }))),
    ];
    expect(expressions.length).toBeGreaterThan(20);
    const unknown: string[] = [];
    const read = new Set<string>();
    for (const { where, expr } of expressions) {
      for (const name of metricNamesIn(expr)) {
        const family = familyOf(name, families);
        if (family) read.add(family);
        else unknown.push(`${where}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
    // What the alerts must watch: backups (none for too long, one failed), 5xx and p99, the outbox, readiness, the
    // event loop, memory and the disk.
    const alerted = new Set(rules.groups.flatMap((group) => group.rules.flatMap((rule) => metricNamesIn(rule.expr))));
    for (const name of [
      'backup_last_success_timestamp_seconds',
      'backup_last_failure_timestamp_seconds',
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'outbox_oldest_waiting_seconds',
      'site_ready',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'data_dir_free_bytes',
    ]) {
      expect(alerted, name).toContain(name);
    }
    // The dashboard shows every family of our own.
    const ours = [...families].filter((family) => !/^(?:process|nodejs)_/.test(family));
    expect(ours.filter((family) => !read.has(family))).toEqual([]);
  });

  it('finds metric names in PromQL and nothing else', () => {
    expect(
      metricNamesIn('histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{job="site", status_code=~"5.."}[$__rate_interval]))) > 2'),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNamesIn('time() - max(backup_last_success_timestamp_seconds{job="site"}) > 26 * 3600')).toEqual(['backup_last_success_timestamp_seconds']);
    expect(metricNamesIn('up{job="site"} == 0 or outbox_pending_messages offset 5m')).toEqual(['outbox_pending_messages']);
  });

  it.runIf(promtool)("passes promtool check metrics on a real application's scrape", async () => {
    const token = 'y'.repeat(32);
    const site = await createTestApp('sqlite', { env: { METRICS_TOKEN: token } });
    try {
      // Every kind of answer first, so that every family has its series: a page, a hit, a 404, a refused sign-in.
      for (const url of ['/', '/', '/news', '/no-such-page', '/api/news/items']) await site.app.inject({ url });
      await site.app.inject({ method: 'POST', url: '/api/site/login', payload: { email: 'nobody@example.com', password: 'wrong-password' } });
      const text = await scrape(site.app, token);
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect(text).toContain('# TYPE nodejs_active_handles gauge');
      const check = spawnSync(promtool!, ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(check.stdout + check.stderr).toBe('');
      expect(check.status).toBe(0);
    } finally {
      await site.close();
    }
  });

  it.runIf(promtool)('passes promtool check config, with the scrape token in a file', async () => {
    const token = path.join(dir, 'site-metrics-token');
    await writeFile(token, 'x'.repeat(64), { mode: 0o600 });
    const config = await readFile('deploy/prometheus/prometheus.yml', 'utf8');
    expect(config).toContain('credentials_file: /etc/prometheus/site-metrics-token');
    await writeFile(path.join(dir, 'prometheus.yml'), config.replace('/etc/prometheus/site-metrics-token', token));
    await copyFile('deploy/prometheus/alerts.yml', path.join(dir, 'alerts.yml'));
    const { stdout } = await run(promtool!, ['check', 'config', path.join(dir, 'prometheus.yml')]);
    expect(stdout).toContain('SUCCESS: 1 rule files found');
  });

  it.runIf(promtool)('passes promtool check rules and the alerts’ unit tests', async () => {
    const checked = await run(promtool!, ['check', 'rules', 'deploy/prometheus/alerts.yml']);
    expect(checked.stdout).toContain('SUCCESS: 10 rules found');
    const tested = await run(promtool!, ['test', 'rules', 'deploy/prometheus/alerts.test.yml']);
    expect(tested.stdout).toContain('SUCCESS');
  });
});
