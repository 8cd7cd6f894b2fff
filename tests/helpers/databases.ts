import { randomBytes } from 'node:crypto';
import net from 'node:net';
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

/** A new empty PostgreSQL database for one test file; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = postgresAdminUrl();
  const name = `site_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
