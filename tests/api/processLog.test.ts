import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { announceStart, FIRST_PASSWORD_FILE, processLogger, routeConsoleToLog } from '../../server/http/processLog.js';

/** A logger of the process's kind whose lines the test reads, each parsed as JSON (a line that is not fails). */
function collectingLogger() {
  const lines: string[] = [];
  const log = processLogger('info', { write: (line: string) => void lines.push(line) });
  const parsed = () => lines.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown>);
  return { log, lines, parsed };
}

/** Every line the server writes is one JSON object an operator's collector can parse, and none holds a password. */
describe('the process log', () => {
  const original = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  afterEach(() => Object.assign(console, original));

  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-log-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes a failed render’s stack trace, printed to the console by the renderer, as one JSON line', () => {
    const { log, parsed } = collectingLogger();
    routeConsoleToLog(log);
    const error = new Error('Cannot read properties of undefined (reading "title")');
    // The renderer prints the stack in red.
    console.error(`\u001B[31m${error.stack}\u001B[39m`);
    console.warn('a warning', { with: 'an object' });
    const [line, warning] = parsed();
    expect(line).toMatchObject({ level: 50, msg: 'Error: Cannot read properties of undefined (reading "title")' });
    expect(line?.console).toBe(error.stack);
    expect(String(line?.console).split('\n').length).toBeGreaterThan(2);
    expect(warning).toMatchObject({ level: 40, msg: "a warning { with: 'an object' }" });
    expect(parsed()).toHaveLength(2);
  });

  it('says a start failed in one JSON line with the stack as a field', () => {
    const { log, lines, parsed } = collectingLogger();
    log.fatal({ err: new Error('connect ECONNREFUSED 127.0.0.1:5432'), kind: 'start' }, 'the server could not start');
    expect(lines).toHaveLength(1);
    const [line] = parsed();
    expect(line).toMatchObject({ level: 60, kind: 'start', msg: 'the server could not start', err: { message: 'connect ECONNREFUSED 127.0.0.1:5432' } });
    expect((line?.err as { stack: string }).stack).toContain('\n    at ');
  });

  it('announces the start in one JSON line and, without a terminal, keeps a generated password out of it, in a file of the data folder', async () => {
    const { log, lines, parsed } = collectingLogger();
    let printed = '';
    const summary = {
      url: 'https://example.ru/',
      admin: 'https://example.ru/admin',
      database: 'sqlite',
      firstLogin: { email: 'boss@example.com', generatedPassword: 'generated-password-7Qx' },
    };
    await announceStart(log, summary, { dataDir, terminal: false, write: (text) => (printed += text) });
    expect(printed).toBe('');
    expect(lines.join('')).not.toContain('generated-password-7Qx');
    const file = path.join(dataDir, FIRST_PASSWORD_FILE);
    expect(parsed()).toEqual([
      expect.objectContaining({
        msg: 'site started',
        url: 'https://example.ru/',
        database: 'sqlite',
        firstLogin: { email: 'boss@example.com', password: file },
      }),
    ]);
    expect(await readFile(file, 'utf8')).toBe('boss@example.com\ngenerated-password-7Qx\n');
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    // On a terminal a person also reads the lines of old, the password shown once.
    const terminal = collectingLogger();
    await announceStart(terminal.log, summary, { dataDir, terminal: true, write: (text) => (printed += text) });
    expect(printed).toContain('Сайт запущен: https://example.ru/');
    expect(printed).toContain('Пароль (показан один раз, сохраните его): generated-password-7Qx');
    expect(terminal.lines.join('')).not.toContain('generated-password-7Qx');
  });
});
