import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { databaseUnreachable } from './db/unreachable.js';
import { announceStart, processLogger, routeConsoleToLog } from './http/processLog.js';

/** Starts the server: configuration from the environment, then listen; SIGTERM/SIGINT let requests finish first. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  // From here every line on standard output is JSON, a library's console output included.
  routeConsoleToLog(app.log);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  // The first visitor gets the home page from the cache, not a wait for the renderer's code to load.
  await app.pageWarmer.warm('/');
  await app.listen({ port: config.port, host: config.host });
  await announceStart(
    app.log,
    { url: `${config.publicUrl}/`, admin: `${config.publicUrl}/admin`, database: app.dialect, firstLogin: app.firstLogin },
    { dataDir: config.dataDir, terminal: process.stdout.isTTY === true, write: (text) => process.stdout.write(text) },
  );
}

main().catch((error: unknown) => {
  // The application's logger may not exist yet: a logger of the same JSON lines says why the start failed.
  const log = processLogger(process.env.LOG_LEVEL || 'info');
  // PostgreSQL out of reach is said with the address tried and what to check, not as a stack trace.
  const unreachable = error instanceof ConfigError ? null : databaseUnreachable(error, process.env.DATABASE_URL);
  if (error instanceof ConfigError) log.fatal({ kind: 'configuration' }, `configuration error: ${error.message}`);
  else if (unreachable) log.fatal({ kind: 'database', address: unreachable.address, code: unreachable.code }, unreachable.message);
  else log.fatal({ err: error, kind: 'start' }, 'the server could not start');
  process.exit(1);
});
