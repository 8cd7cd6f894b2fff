import { sql } from 'kysely';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SERVICE_DOCS } from './openapi/site.js';

/** The API's home (what it is and where its reads are), liveness (`/api/health`) and readiness (`/api/ready`) for a balancer. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api', { schema: SERVICE_DOCS.home }, async () => ({
    data: {
      name: app.config.brand,
      api: 'v1',
      reads: [
        '/api/menu/{kind}',
        '/api/news/items',
        '/api/news/main-items',
        '/api/news/item/{id}',
        '/api/media/items',
        '/api/media/other-items',
        '/api/media/video-items',
        '/api/media/main-items',
        '/api/media/generals',
        '/api/media/sources',
        '/api/media/item/{id}',
        '/api/media/many-reads',
        '/api/network/collections',
        '/api/text-pages/content/{identifier}',
        '/api/photobank/logos',
        '/api/photobank/photos',
        '/api/photobank/logos/archive',
      ],
    },
  }));

  // Liveness: the process answers. It asks nothing of the database, so that a balancer or supervisor does not
  // restart processes that only wait for PostgreSQL to come back (that is what `/api/ready` tells).
  app.get('/api/health', { schema: SERVICE_DOCS.health }, async () => ({ data: { status: 'ok', database: app.dialect } }));

  // Readiness: the database and the file storage both answer within `READY_TIMEOUT_MS`. Anyone may ask, so the
  // answer names only which dependency failed; why (hosts, ports, paths, the error) is for the log.
  app.get('/api/ready', { schema: SERVICE_DOCS.ready }, async (_request, reply) => {
    const { database, storage } = await checkDependencies(app);
    if (database === null && storage === null) return { data: { status: 'ready', database: app.dialect, storage: app.files.kind } };
    app.log.warn({ database, storage }, 'not ready');
    const reasons: Partial<Record<Dependency, string>> = {};
    if (database !== null) reasons.database = DEPENDENCY_DOWN.database;
    if (storage !== null) reasons.storage = DEPENDENCY_DOWN.storage;
    return reply.code(503).header('Cache-Control', 'no-store').send({ message: NOT_READY_MESSAGE, reasons });
  });
};

/** How long the readiness check waits for each dependency. */
export const READY_TIMEOUT_MS = 2000;

export const NOT_READY_MESSAGE = 'Сервис не готов принимать запросы.';

type Dependency = 'database' | 'storage';

/** What the readiness answer says of each dependency that failed: which one, never why. */
export const DEPENDENCY_DOWN: Record<Dependency, string> = {
  database: 'База данных недоступна.',
  storage: 'Хранилище файлов недоступно.',
};

/** Runs a check within the timeout; answers null when it passed, else what went wrong. */
async function probe(check: () => Promise<unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness check of `/api/ready` (and of the `site_ready` metric): whether the database and the file storage each
 * answer within `READY_TIMEOUT_MS`; null for one that did, else what went wrong.
 */
export async function checkDependencies(app: FastifyInstance): Promise<Record<Dependency, string | null>> {
  const [database, storage] = await Promise.all([probe(() => sql`select 1`.execute(app.db)), probe(() => app.files.check(READY_TIMEOUT_MS))]);
  return { database, storage };
}
