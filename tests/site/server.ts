import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { TEST_SETTINGS } from '../helpers/settings.js';
import { preparedSite } from '../helpers/siteTemplates.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(ROOT, 'dist/server/entry.mjs');
const ADMIN_PAGE = path.join(ROOT, 'dist/client/admin/index.html');

/** Builds the site and the admin with Vite when they are missing (`npm test` builds before the tests run). */
export function ensureSiteBuilt(): void {
  if (!existsSync(ENTRY)) execSync('npx vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(ADMIN_PAGE)) execSync('npx vite build --config vite.admin.config.ts --logLevel warn', { cwd: ROOT, stdio: 'inherit' });
}

export interface RunningSite {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
}

/** The built site on a free port, on a new SQLite database with the demo content; `env` adds settings. */
export async function startSite(env: NodeJS.ProcessEnv = {}): Promise<RunningSite> {
  ensureSiteBuilt();
  const settings = {
    ...TEST_SETTINGS,
    SEED_DEMO: '1',
    ADMIN_PASSWORD: 'manager-password-1',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'https://www.example.test',
    ...env,
  };
  const site = await preparedSite('site-browser-', 'sqlite', settings);
  const config = loadConfig({ ...settings, DATA_DIR: site.dataDir });
  const app = await buildApp({ ...config, dev: false }, { logger: false, viewFlushMs: 60_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      await site.remove();
    },
  };
}
