import type { FastifyInstance } from 'fastify';
import { backupFailures, lastBackupSuccess } from '../backup/status.js';
import type { PoolUse } from '../db/connect.js';
import { installMetrics } from './plugin.js';
import { checkDependencies } from '../routes/health.js';
import type { MetricsRecorder } from './recorder.js';

export interface SiteMetricsOptions {
  /** `METRICS_TOKEN`. */
  token: string;
  /** How PostgreSQL's pool is used; null for SQLite. */
  poolUse: (() => PoolUse) | null;
  /** Whether the page cache hears the other processes' changes now; undefined where no other process can write. */
  invalidationListening: (() => boolean) | undefined;
}

/**
 * The metrics of the whole application, every source read from what the application carries (its database, files,
 * configuration, and the page cache once it is installed). Install it before every other hook.
 */
export function installSiteMetrics(app: FastifyInstance, recorder: MetricsRecorder, options: SiteMetricsOptions): void {
  installMetrics(app, recorder, {
    token: options.token,
    poolUse: options.poolUse,
    lastBackupSuccess: () => lastBackupSuccess(app.db),
    backupFailures: () => backupFailures(app.db),
    pageCache: () => app.pageCache.stats(),
    ...(options.invalidationListening ? { invalidationListening: options.invalidationListening } : {}),
    dataDir: app.config.dataDir,
    ready: async () => {
      const { database, storage } = await checkDependencies(app);
      return database === null && storage === null;
    },
  });
}
