import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEPENDENCY_DOWN, NOT_READY_MESSAGE } from '../../server/routes/health.js';

/** The row of the reads table of docs/api.md that documents `path`. */
async function apiRow(path: string): Promise<string> {
  const text = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const rows = text.split('\n').filter((line) => line.startsWith(`| \`GET ${path}\``));
  expect(rows, path).toHaveLength(1);
  return rows[0] ?? '';
}

describe('8. Low — the health checks as the documents describe them', () => {
  it('documents /api/health as liveness: 200 while the process runs, never 503', async () => {
    const row = await apiRow('/api/health');
    expect(row).toContain('200');
    expect(row).not.toContain('503');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    for (const line of readme.split('\n').filter((text) => text.includes('/api/health'))) expect(line).not.toMatch(/\/api\/health[^.;]*503/);
  });

  it('documents /api/ready with the 503 answer it gives, naming only the dependency that failed', async () => {
    const row = await apiRow('/api/ready');
    expect(row).toContain('503');
    for (const text of [NOT_READY_MESSAGE, ...Object.values(DEPENDENCY_DOWN)]) expect(row).toContain(text);
  });
});
