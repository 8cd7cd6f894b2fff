import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

/** `redocly lint` of the live document with the recommended rules and the repository's redocly.yaml. */
describe('the OpenAPI document passes redocly lint', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    folder = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('reports no error and no warning', async () => {
    const file = path.join(folder, 'openapi.json');
    await writeFile(file, (await t.app.inject({ url: '/api/openapi.json' })).body);
    const result = spawnSync(path.resolve('node_modules/.bin/redocly'), ['lint', file, '--config', path.resolve('redocly.yaml'), '--format', 'summary'], {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      timeout: 120_000,
    });
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).toMatch(/Your API description is valid/);
    expect(output).not.toMatch(/^(error|warning)\s/m);
    expect(result.status, output).toBe(0);
  });
});
