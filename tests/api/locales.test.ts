import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { ensureSiteBuilt } from '../site/server.js';

const FIXED_NEWS_PATH = '/news/smart-horizont-rezident-proekta-skolkovo';

/** What visitors read with the given `SITE_LOCALES` (absent: unset), from the one demo database in `dataDir`. */
async function visitorReads(dataDir: string, siteLocales: string | undefined): Promise<Record<string, string>> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    ADMIN_PASSWORD: 'manager-password-1',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...(siteLocales === undefined ? {} : { SITE_LOCALES: siteLocales }),
  });
  const app = await buildApp({ ...config, dev: false }, { logger: false, viewFlushMs: 60_000 });
  try {
    const answers: Record<string, string> = {};
    for (const url of ['/', FIXED_NEWS_PATH, '/news', '/api/news/main-items', '/api/vacancies', '/api/menu']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      // Opening a news page counts a read, which the next start shows: the count is the one thing allowed to differ.
      answers[url] = response.body.replace(/(\\?"views\\?":)\d+/g, '$1N');
    }
    return answers;
  } finally {
    await app.close();
  }
}

describe('SITE_LOCALES=ru', () => {
  it('keeps the site byte for byte as without the setting: the HTML of / and of a news page, and the public JSON', async () => {
    ensureSiteBuilt();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'site-locales-'));
    try {
      const unset = await visitorReads(dataDir, undefined);
      const russian = await visitorReads(dataDir, 'ru');
      expect(unset[FIXED_NEWS_PATH]).toContain('<html lang="ru"');
      expect(russian).toEqual(unset);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
