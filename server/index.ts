import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** Starts the server: configuration from the environment, then listen; SIGTERM/SIGINT let requests finish first. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

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
  const address = `${config.publicUrl}/`;
  const lines = [`Сайт запущен: ${address}`, `Админка: ${config.publicUrl}/admin`, `База данных: ${app.dialect}`];
  if (app.firstLogin) {
    lines.push(`Первый вход (MANAGER): ${app.firstLogin.email}`);
    lines.push(
      app.firstLogin.generatedPassword
        ? `Пароль (показан один раз, сохраните его): ${app.firstLogin.generatedPassword}`
        : 'Пароль: из переменной ADMIN_PASSWORD',
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? 'Ошибка конфигурации' : 'Не удалось запустить сервер'}: ${String(error instanceof Error ? error.stack : error)}\n`,
  );
  process.exit(1);
});
