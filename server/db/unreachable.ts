/**
 * Why PostgreSQL could not be used, in words an operator acts on: which address was tried and what to check. A
 * start (or an operator's command) whose first query fails this way says so in one line instead of a stack trace.
 */
export interface DatabaseUnreachable {
  /** host:port as DATABASE_URL names it. */
  address: string;
  /** The network or PostgreSQL error code behind it (ECONNREFUSED, 28P01…). */
  code: string;
  message: string;
}

/** The error and its causes, outermost first (a migration's failure wraps the connection's). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let at = error, depth = 0; at && typeof at === 'object' && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    yield at as { code?: unknown; message?: unknown };
  }
}

const CHECK = 'Проверьте, что он запущен и DATABASE_URL верен.';

/** The error in words when it is PostgreSQL out of reach or refusing this site's settings; null for any other error. */
export function databaseUnreachable(error: unknown, databaseUrl: string | null | undefined): DatabaseUnreachable | null {
  if (!databaseUrl) return null;
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return null;
  }
  const address = `${url.hostname}:${url.port || '5432'}`;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  const user = decodeURIComponent(url.username) || 'postgres';
  const at = `Не удалось подключиться к PostgreSQL по адресу ${address}`;
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const text = typeof link.message === 'string' ? link.message : '';
    const said = (message: string, as = code) => ({ address, code: as, message });
    if (code === 'ECONNREFUSED') return said(`${at}: сервер не отвечает. ${CHECK}`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return said(`${at}: имя ${url.hostname} не найдено. Проверьте адрес в DATABASE_URL.`);
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return said(`${at}: адрес недоступен по сети. ${CHECK}`);
    if (code === 'ETIMEDOUT' || /connection timeout/i.test(text)) return said(`${at}: сервер не ответил вовремя. ${CHECK}`, code || 'ETIMEDOUT');
    if (code === 'ECONNRESET' || /Connection terminated unexpectedly/i.test(text)) {
      return said(`${at}: сервер закрыл соединение. Проверьте, что это PostgreSQL и DATABASE_URL верен.`, code || 'ECONNRESET');
    }
    if (code === '28P01' || code === '28000') {
      return said(`${at}: сервер отказал во входе пользователю ${user}. Проверьте имя пользователя и пароль в DATABASE_URL.`);
    }
    if (code === '3D000') return said(`${at}: базы данных ${database} нет. Создайте её или исправьте DATABASE_URL.`);
  }
  return null;
}
