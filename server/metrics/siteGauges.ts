import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';

/** The page cache's memory now and the entries it evicted so far (`PageCache.stats`). */
export interface PageCacheUse {
  bytes: number;
  evictions: number;
}

/** What the process's own gauges read at scrape time; each one left out is not reported. */
export interface SiteGaugeSources {
  /** The page cache's memory and evictions. */
  pageCache?: () => PageCacheUse;
  /** Whether the connection that hears the other processes' changes is open (PostgreSQL only). */
  invalidationListening?: () => boolean;
  /** `DATA_DIR`: the free space of the file system that holds it. */
  dataDir?: string;
  /** Whether the process is ready, as `/api/ready` decides (`checkDependencies`). */
  ready?: () => Promise<boolean>;
}

/** Gauges of the process read when Prometheus scrapes: the page cache's memory, the invalidation, the disk, readiness. */
export function addSiteGauges(app: FastifyInstance, registry: Registry, sources: SiteGaugeSources): void {
  const registers = [registry];
  const { pageCache, invalidationListening, dataDir, ready } = sources;
  if (pageCache) {
    new Gauge({
      name: 'page_cache_memory_bytes',
      help: 'Memory the stored answers of the page cache hold now, as the cache counts it against PAGE_CACHE_MB.',
      registers,
      collect() {
        this.set(pageCache().bytes);
      },
    });
    let counted = 0;
    new Counter({
      name: 'page_cache_evictions_total',
      help: 'Stored answers the page cache dropped to make room for others: its memory (PAGE_CACHE_MB) was full.',
      registers,
      collect() {
        const { evictions } = pageCache();
        this.inc(evictions - counted);
        counted = evictions;
      },
    });
  }
  if (invalidationListening) {
    new Gauge({
      name: 'page_cache_invalidation_connected',
      help: "1 while the connection that hears the other processes' content changes is open, 0 while it is being made again.",
      registers,
      collect() {
        this.set(invalidationListening() ? 1 : 0);
      },
    });
  }
  if (dataDir !== undefined) {
    new Gauge({
      name: 'data_dir_free_bytes',
      help: 'Free space for the server on the file system that holds DATA_DIR.',
      registers,
      async collect() {
        await statfs(dataDir).then(
          (stats) => this.set(stats.bavail * stats.bsize),
          (error: unknown) => app.log.warn({ err: error }, 'metrics: the free space of DATA_DIR not read, the last value is reported'),
        );
      },
    });
  }
  if (ready) {
    new Gauge({
      name: 'site_ready',
      help: 'Whether the process is ready as /api/ready decides: 1 when the database and the file storage answer in time, 0 otherwise.',
      registers,
      async collect() {
        this.set((await ready()) ? 1 : 0);
      },
    });
  }
}
