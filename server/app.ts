import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ensureFirstManager } from './auth/firstManager.js';
import type { AppConfig } from './config.js';
import { createContentServices, publicReadIndexes } from './content/index.js';
import { contentInLanguages } from './content/languages.js';
import { DEFAULT_LOCALE } from '../lib/locales.js';
import { ViewCounter } from './content/viewCounter.js';
import { connectDatabase } from './db/connect.js';
import { RESOURCES } from '../lib/resources/index.js';
import { migrateOnStart } from './db/upgrade.js';
import { backupBeforeUpgrade } from './backup/beforeUpgrade.js';
import { syncDeclaredIndexes, type DeclaredIndex } from './db/declaredIndexes.js';
import { adminListIndexes } from './records/listIndexes.js';
import { listSpecOf } from './resources/routes.js';
import { seedDemoContent } from './demo/seed.js';
import { seedEnglishDemo } from './demo/english.js';
import { adoptUploads, RecordUploads } from './assets/adopt.js';
import { assetFileRoutes } from './assets/routes.js';
import { namedFiles, type FileColumnVisitor } from './files/fileColumns.js';
import { S3FileStore } from './files/s3Store.js';
import { LocalFileStore, sweepUploads, type FileStore } from './files/store.js';
import { RunningMark } from './files/runningMark.js';
import { installDelivery } from './cache/delivery.js';
import { analyticsCspHeader } from './site/analyticsCsp.js';
import { InvalidationBus } from './cache/invalidationBus.js';
import { pruneRateLimitHits } from './auth/rateLimit.js';
import { usePasswordHashCost } from './auth/passwords.js';
import { linkUploadsAt } from './content/mappers.js';
import { applySanitizerPolicy } from './content/sanitizerPolicy.js';
import { PeriodicJobs } from './jobs/periodicJobs.js';
import { trackRouteMethods } from './http/allowedMethods.js';
import { installCanonicalPaths } from './http/canonicalPath.js';
import { installReadPreconditions } from './http/conditions.js';
import { frameworkErrors, installErrorHandler } from './http/errorHandler.js';
import { installJsonBodyParser } from './http/jsonBody.js';
import { installRequestIdHeader, requestIdOf } from './http/requestId.js';
import { loggerOptions, type LoggerSetting } from './http/loggerOptions.js';
// What every route finds on the app (`app.db`, `app.content`, …), declared beside it.
import type {} from './appServices.js';
import { installSchemas } from './http/schemas.js';
import { ensureSearchIndex } from './search/indexer.js';
import { presenceRoutes, type PresenceOptions } from './presence/plugin.js';
import { adminResourceRoutes } from './resources/index.js';
import { RolesCache } from './roles/cache.js';
import { ensureBuiltinRoles } from './roles/store.js';
import { roleRoutes } from './roles/routes.js';
import { adminCalendarRoutes } from './routes/admin/calendar.js';
import { adminMeRoutes } from './routes/admin/me.js';
import { adminSiteSettingsRoutes } from './routes/admin/siteSettings.js';
import { accountRoutes } from './routes/account.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { mediaRoutes } from './routes/media.js';
import { menuRoutes } from './routes/menu.js';
import { networkRoutes } from './routes/network.js';
import { newsRoutes } from './routes/news.js';
import { photobankRoutes } from './routes/photobank.js';
import { publicListsRoutes } from './routes/publicLists.js';
import { securityTxtRoutes } from './routes/securityTxt.js';
import { searchRoutes } from './routes/search.js';
import { textPagesRoutes } from './routes/textPages.js';
import { uploadsRoutes } from './routes/uploads.js';
import { sitePlugin } from './site/plugin.js';
import { formDraftRoutes } from './formDrafts/plugin.js';
import { TRASH_LIST, trashRoutes } from './trash/plugin.js';
import { Outbox } from './outbox/outbox.js';
import { indexNowRoutes } from './indexnow/plugin.js';
import { FormTokens } from './enquiries/formToken.js';
import { enquiryLetter } from './enquiries/letter.js';
import { deleteExpiredEnquiries, RETENTION_EVERY_MS } from './enquiries/retention.js';
import { enquiryRoutes } from './enquiries/routes.js';
import { ENQUIRY_LETTER } from './enquiries/store.js';
import { installMail } from './mail/mailer.js';
import { REVIEW_LETTER, reviewLetter } from './review/letters.js';
import { reviewRoutes } from './review/plugin.js';
import { installSiteMetrics } from './metrics/site.js';
import { MetricsRecorder } from './metrics/recorder.js';
import { backupRoutes } from './backup/routes.js';

/**
 * Connection limits, so that a slow client cannot hold a connection for Node's defaults: the whole request
 * (headers and body) must arrive within 30 s (the largest upload, 20 MB, needs about 5.5 Mbit/s), an idle
 * connection is closed after 60 s, and a kept-alive connection after 5 s without a new request.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_TIMEOUT_MS = 60_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * How old a file no row names must be before the periodic sweep removes it: other processes may be writing to the same
 * uploads (PostgreSQL lets several servers share one), and a write in flight is younger.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** The indexes the lists need, made at every start: the admin's lists (the resources' and the trash) and the public ones. */
export const declaredIndexesOnStart = (): DeclaredIndex[] => [...adminListIndexes([...RESOURCES.map(listSpecOf), TRASH_LIST]), ...publicReadIndexes(RESOURCES)];

/** How often uploads no record names are swept while the site runs (besides the sweep at a start after a crash). */
export const UPLOADS_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** How often rate-limit hits older than every window are deleted. */
export const RATE_LIMIT_PRUNE_EVERY_MS = 10 * 60 * 1000;
/** How often the outbox delivers what is due, and forgets what it delivered long ago. */
export const OUTBOX_EVERY_MS = 5000;
export const OUTBOX_PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildOptions {
  /** Pino logger options, or false for none (tests); `stream` receives the log lines instead of standard output. */
  logger?: LoggerSetting;
  /** How often counted reads are written to the database. */
  viewFlushMs?: number;
  /** How often expired trash entries are purged. */
  trashPurgeMs?: number;
  /** Who else is editing a record: its expiry and clock (tests). */
  presence?: PresenceOptions;
  /** How often the outbox delivers what is due (tests shorten it). */
  outboxEveryMs?: number;
}

/** The whole application without a listening socket: connects, migrates, seeds an empty database, registers routes. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(options.logger ?? { level: config.logLevel }),
    // A hop count trusts that many proxies in front of us, as proxy-addr does for numbers.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    frameworkErrors,
    // Each request is named by a valid incoming X-Request-Id or a random UUID, on every log line and in its answer.
    genReqId: requestIdOf,
    requestIdHeader: false,
  });
  const methodsAt = trackRouteMethods(app);
  usePasswordHashCost(config.passwordHashCost);

  // The metrics are kept only where a scraper may read them.
  const metrics = config.metricsToken ? new MetricsRecorder() : null;
  const { db, dialect, poolUse } = connectDatabase(config, { onQuery: metrics?.observeQuery });
  const files: FileStore = config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(config.uploadsDir);
  linkUploadsAt(config.uploadsPublicUrl);
  const jobs = new PeriodicJobs(db, app.log);
  let bus: InvalidationBus | null = null;
  // With SQLite one process owns the data folder; the mark tells its next start whether it stopped cleanly.
  const running = dialect === 'sqlite' ? new RunningMark(config.dataDir) : null;
  const stoppedUncleanly = (await running?.set()) ?? false;
  app.addHook('onClose', async () => {
    await jobs.stop();
    await bus?.stop();
    await app.views.stop();
    await db.destroy();
    if (files instanceof S3FileStore) files.destroy();
    await running?.clear();
  });

  // An upgrade is archived before it migrates (UPGRADE_BACKUP=0 turns that off): the way back to the old version.
  const source = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, files };
  await migrateOnStart(db as Kysely<unknown>, app.log, config.upgradeBackup ? (pending) => backupBeforeUpgrade(source, config.backup, pending) : null);
  await syncDeclaredIndexes(db, declaredIndexesOnStart());
  await applySanitizerPolicy(db, app.log);
  const demoNames = config.seedDemo ? await seedDemoContent(db, files) : new Map<string, string>();
  if (config.seedDemo && config.siteLocales.includes('en')) await seedEnglishDemo(db);
  const sweep = (graceMs: number, visit?: FileColumnVisitor) => sweepUploads(files, () => namedFiles(db, visit), graceMs);
  // The file columns are read once at start, for the adoption of uploads made before the media library and, after a
  // crash, for the sweep (nothing is copied; a file the records name is never swept, so the order does not matter).
  const uploads = new RecordUploads(demoNames);
  if (stoppedUncleanly) {
    // A crash can leave files written for rows that never committed, and half-written temporary files. The process
    // that owns the uploads removes them at once: nothing else is writing. With several processes (PostgreSQL), the
    // periodic sweep removes them once they are old enough.
    const swept = await sweep(0, uploads.visit);
    app.log.info({ orphans: swept.orphans.length, temporary: swept.temporary.length }, 'the last stop was not clean: removed upload files no record names');
  } else {
    await namedFiles(db, uploads.visit);
  }
  const adopted = await adoptUploads(db, files, uploads);
  if (adopted) app.log.info({ adopted }, 'made earlier uploads media library assets');
  jobs.add({ name: 'uploads-sweep', everyMs: UPLOADS_SWEEP_EVERY_MS, run: () => sweep(ORPHAN_GRACE_MS).then(() => undefined) });
  jobs.add({ name: 'rate-limit-prune', everyMs: RATE_LIMIT_PRUNE_EVERY_MS, run: () => pruneRateLimitHits(db).then(() => undefined) });
  await ensureSearchIndex(db);
  await ensureBuiltinRoles(db);
  const firstLogin = await ensureFirstManager(db, { email: config.adminEmail, password: config.adminPassword });

  const outbox = new Outbox(db);
  jobs.add({ name: 'outbox', everyMs: options.outboxEveryMs ?? OUTBOX_EVERY_MS, run: () => outbox.deliverDue().then(() => undefined) });
  jobs.add({ name: 'outbox-prune', everyMs: OUTBOX_PRUNE_EVERY_MS, run: () => outbox.pruneSent() });

  jobs.add({
    name: 'enquiries-retention',
    everyMs: RETENTION_EVERY_MS,
    run: () => deleteExpiredEnquiries(db, config.enquiriesRetentionDays).then(() => undefined),
  });

  const views = new ViewCounter(db, options.viewFlushMs);
  views.start();
  const formTokens = new FormTokens(config.jwtSecret);

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('files', files);
  app.decorate('jobs', jobs);
  app.decorate('outbox', outbox);
  app.decorate('views', views);
  app.decorate('formTokens', formTokens);
  app.decorate('drafts', new Map());
  // The page cache is installed below; lists keep their order in it from the first request on.
  const contentIn = contentInLanguages(config.siteLocales, (locale) =>
    createContentServices(db, views, formTokens, (key, compute) => app.pageCache.memo(key, compute), null, locale),
  );
  app.decorate('content', contentIn(DEFAULT_LOCALE));
  app.decorate('contentIn', contentIn);
  installMail(app, { [ENQUIRY_LETTER]: enquiryLetter(db, config), [REVIEW_LETTER]: reviewLetter(db, config) });
  app.decorate('firstLogin', firstLogin);

  // The metrics first, so that they see every request (page-cache hits included), and only where a scraper may read them.
  if (metrics && config.metricsToken) {
    const invalidationListening = config.databaseUrl ? () => bus?.listening ?? false : undefined;
    installSiteMetrics(app, metrics, { token: config.metricsToken, poolUse, invalidationListening });
  }
  // One spelling of every path before anything else decides on it; then compression and the page cache, so that a
  // cache hit is answered before any other hook runs.
  installRequestIdHeader(app);
  installCanonicalPaths(app);
  const pageCache = await installDelivery(app, {
    pageCacheBytes: config.pageCacheMb * 1024 * 1024,
    // The analytics counters' hosts enter a page's CSP only for a visitor who accepted them (analyticsCsp.ts).
    visitorHeader: analyticsCspHeader(config.analyticsCounters),
  });
  if (metrics) pageCache.outcomes.onOutcome(metrics.observePageCache);
  app.decorate('roles', new RolesCache(db, pageCache));
  // After the page cache's hooks, which give pages their ETag: If-Match on a read is checked against it.
  installReadPreconditions(app);
  if (config.databaseUrl) {
    // Several processes may share this database: a change on any of them empties every page cache.
    bus = new InvalidationBus(config.databaseUrl, db, pageCache, app.log, config.databaseTimeouts);
    await bus.start();
  }
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Uploaded images come from the object storage's public address when one is set.
        imgSrc: ["'self'", 'data:', ...(config.uploadsPublicUrl ? [new URL(config.uploadsPublicUrl).origin] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://rutube.ru'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  installErrorHandler(app, methodsAt);
  installJsonBodyParser(app);
  await installSchemas(app);

  await app.register(healthRoutes);
  await app.register(securityTxtRoutes);
  await app.register(uploadsRoutes);
  await app.register(assetFileRoutes);
  await app.register(menuRoutes);
  await app.register(newsRoutes);
  await app.register(mediaRoutes);
  await app.register(networkRoutes);
  await app.register(textPagesRoutes);
  await app.register(photobankRoutes);
  await app.register(publicListsRoutes);
  await app.register(searchRoutes);
  await app.register(enquiryRoutes, { tokens: formTokens });
  await app.register(authRoutes);
  await app.register(adminMeRoutes);
  await app.register(adminSiteSettingsRoutes);
  await app.register(accountRoutes);
  await app.register(adminCalendarRoutes);
  await app.register(adminResourceRoutes);
  await app.register(reviewRoutes);
  await app.register(trashRoutes, { purgeIntervalMs: options.trashPurgeMs });
  await app.register(presenceRoutes, options.presence ?? {});
  await app.register(formDraftRoutes);
  await app.register(indexNowRoutes);
  await app.register(backupRoutes);
  await app.register(roleRoutes);
  // The public site last: it answers every other GET outside /api.
  await app.register(sitePlugin);

  jobs.start();
  return app;
}
