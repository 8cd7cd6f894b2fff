import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import type { DialectName } from '../../server/db/connect.js';
import { TEST_SETTINGS } from './settings.js';
import { preparedSite } from './siteTemplates.js';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  close: () => Promise<void>;
}

export const TEST_ADMIN = { email: 'manager@example.com', password: 'manager-password-1' } as const;

/** The settings every test site starts with: the test admin, the demo content when asked, `env` on top. */
export function testSiteSettings(options: { seedDemo?: boolean; env?: NodeJS.ProcessEnv } = {}): NodeJS.ProcessEnv {
  return {
    ...TEST_SETTINGS,
    SEED_DEMO: options.seedDemo ? '1' : '0',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...options.env,
  };
}

/**
 * A real application on a new database of the given dialect (a SQLite file in a temporary folder, or a new
 * PostgreSQL database) as its first start leaves it (see ./siteTemplates.ts), without demo content unless asked;
 * `env` adds settings, `build` options of the app. `close` removes the database and the folder.
 */
export async function createTestApp(
  dialect: DialectName,
  options: { seedDemo?: boolean; env?: NodeJS.ProcessEnv; build?: BuildOptions } = {},
): Promise<TestApp> {
  const env = testSiteSettings(options);
  const site = await preparedSite('site-test-', dialect, env);
  const config = loadConfig({ ...env, DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl });
  const app = await buildApp(config, { logger: false, viewFlushMs: 60_000, ...options.build });
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await site.remove();
    },
  };
}
