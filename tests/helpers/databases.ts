import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { DialectName } from '../../server/db/connect.js';

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => socket.destroy() && resolve(false));
  });
}

/**
 * The dialects to test: SQLite always, PostgreSQL where TEST_DATABASE_URL is set or 127.0.0.1:5432 answers.
 * CI requires PostgreSQL: there, a missing server fails the run instead of quietly testing less.
 */
export async function testDialects(): Promise<DialectName[]> {
  const url = new URL(postgresAdminUrl());
  const reachable = Boolean(process.env.TEST_DATABASE_URL) || (await answers(url.hostname, Number(url.port || 5432)));
  if (!reachable && process.env.CI) throw new Error(`CI requires PostgreSQL at ${url.host}`);
  return reachable ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** How the names of a test run's template databases begin (tests/helpers/siteTemplates.ts): the run's folder, as a name. */
export function templateDatabasePrefix(runFolder: string): string {
  return `site_template_${path.basename(runFolder).replace(/\W/g, '_').toLowerCase()}_`;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database for one test file: empty, or a copy of `template`; named `name` (replacing any database
 * of that name) or a random name. `drop` removes it.
 */
export async function createPostgresDatabase(
  template?: string,
  name = `site_test_${randomBytes(6).toString('hex')}`,
): Promise<{ url: string; drop: () => Promise<void> }> {
  await asAdmin(async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  });
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

/** Drops the template databases whose names begin with `prefix`, when a PostgreSQL server answers. */
export async function dropTemplateDatabases(prefix: string): Promise<void> {
  const url = new URL(postgresAdminUrl());
  if (!process.env.TEST_DATABASE_URL && !(await answers(url.hostname, Number(url.port || 5432)))) return;
  await asAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  });
}
