import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format } from 'node:util';
import { pino, type DestinationStream, type Logger } from 'pino';

/** What the process log needs of a logger: the levels console output is routed to. */
interface ConsoleTarget {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

// Colour codes some libraries add to their console output; a log line keeps the text only.
// eslint-disable-next-line no-control-regex
const ANSI_CODES = /\u001B\[[0-9;]*m/g;

/**
 * Before the application's own logger exists (a wrong setting, a database out of reach at start), the same JSON
 * lines as Fastify's pino on standard output, so that every line an operator collects parses alike.
 */
export function processLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino({ level }, destination) : pino({ level });
}

/**
 * Libraries that print to the console (the page renderer's stack traces of a failed render, the storage SDK's
 * warnings) write one JSON line each instead of several lines of text: the printed text, stack included, is the
 * `console` field of one line at the matching level.
 */
export function routeConsoleToLog(log: ConsoleTarget): void {
  const line =
    (level: keyof ConsoleTarget) =>
    (...args: unknown[]) => {
      const text = format(...args).replace(ANSI_CODES, '');
      log[level]({ console: text }, firstLineOf(text));
    };
  console.log = line('info');
  console.info = line('info');
  console.warn = line('warn');
  console.error = line('error');
}

function firstLineOf(text: string): string {
  const first = text.split('\n', 1)[0] ?? '';
  return first.length > 200 ? `${first.slice(0, 200)}…` : first;
}

/** The start-up summary, as one line of the log. */
export interface StartSummary {
  url: string;
  admin: string;
  database: string;
  firstLogin: { email: string; generatedPassword: string | null } | null;
}

/** Where a generated first password is kept when no one watches a terminal: never in the log. */
export const FIRST_PASSWORD_FILE = 'first-manager-password.txt';

/**
 * Tells the operator the site started: one JSON line always, and on a terminal also the lines a person reads,
 * with the first MANAGER's generated password shown once. Without a terminal (systemd, Docker) the log is the only
 * output and never holds a password: a generated one is written to `DATA_DIR/first-manager-password.txt` (0600),
 * and the line names the file.
 */
export async function announceStart(
  log: Pick<Logger, 'info'>,
  summary: StartSummary,
  options: { dataDir: string; terminal: boolean; write: (text: string) => void },
): Promise<void> {
  const { firstLogin } = summary;
  let passwordFile: string | null = null;
  if (firstLogin?.generatedPassword && !options.terminal) {
    passwordFile = path.join(options.dataDir, FIRST_PASSWORD_FILE);
    await writeFile(passwordFile, `${firstLogin.email}\n${firstLogin.generatedPassword}\n`, { mode: 0o600 });
    await chmod(passwordFile, 0o600);
  }
  log.info(
    {
      url: summary.url,
      admin: summary.admin,
      database: summary.database,
      ...(firstLogin
        ? { firstLogin: { email: firstLogin.email, password: firstLogin.generatedPassword ? (passwordFile ?? 'shown on the terminal') : 'ADMIN_PASSWORD' } }
        : {}),
    },
    'site started',
  );
  if (!options.terminal) return;
  const lines = [`Сайт запущен: ${summary.url}`, `Админка: ${summary.admin}`, `База данных: ${summary.database}`];
  if (firstLogin) {
    lines.push(`Первый вход (MANAGER): ${firstLogin.email}`);
    lines.push(
      firstLogin.generatedPassword ? `Пароль (показан один раз, сохраните его): ${firstLogin.generatedPassword}` : 'Пароль: из переменной ADMIN_PASSWORD',
    );
  }
  options.write(`\n${lines.join('\n')}\n\n`);
}
