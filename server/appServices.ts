import type { Kysely } from 'kysely';
import type { ContentServices } from '../lib/content.js';
import type { Locale } from '../lib/locales.js';
import type { FirstLogin } from './auth/firstManager.js';
import type { AppConfig } from './config.js';
import type { ViewCounter } from './content/viewCounter.js';
import type { DialectName } from './db/connect.js';
import type { Database } from './db/schema.js';
import type { FormTokens } from './enquiries/formToken.js';
import type { FileStore } from './files/store.js';
import type { PeriodicJobs } from './jobs/periodicJobs.js';
import type { Outbox } from './outbox/outbox.js';
import type { RolesCache } from './roles/cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    dialect: DialectName;
    content: ContentServices;
    /** The content services in one of the site's languages (`content` is the Russian one). */
    contentIn: (locale: Locale) => ContentServices;
    views: ViewCounter;
    files: FileStore;
    /** Periodic work that runs on one process at a time across all processes on the database. */
    jobs: PeriodicJobs;
    /** Messages to other systems, kept with the writes that cause them and delivered with retries. */
    outbox: Outbox;
    /** Sign and check the moment a feedback form was made. */
    formTokens: FormTokens;
    /** The first MANAGER's login when this start created it, for the start-up message. */
    firstLogin: FirstLogin | null;
    /** The rights of every role, kept between requests and read again when any process changes a role. */
    roles: RolesCache;
  }
}
