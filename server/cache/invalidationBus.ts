import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';
import type { PageCache } from './pageCache.js';

/** The PostgreSQL channel on which processes announce content changes; the payload is `<sender id>:<number>`. */
export const INVALIDATION_CHANNEL = 'page_cache_invalidated';

/** How long to wait before listening again after the connection dropped. */
const RECONNECT_MS = 1000;
/** How long an announcement waits for its own echo before the write's answer goes anyway. */
const ECHO_WAIT_MS = 1000;

interface BusLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
}

/**
 * Keeps the page caches of every process on one PostgreSQL database in step: a content change here is announced
 * with `NOTIFY` (after its transaction committed), and an announcement from another process ends this process's
 * cache generation. A dedicated connection `LISTEN`s; when it drops it is opened again, and the cache is emptied
 * then, since announcements made meanwhile were missed. A process does not act on its own announcements, but waits
 * for their echo: PostgreSQL delivers a notification to every listener at once, so once the echo is here the
 * other processes have it too, and the write's answer (sent after that) is followed by fresh pages everywhere.
 */
export class InvalidationBus {
  private readonly id = randomUUID();
  private sent = 0;
  private readonly echoes = new Map<string, () => void>();
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly db: Kysely<Database>,
    private readonly cache: PageCache,
    private readonly log: BusLog,
  ) {}

  /** Listens (the first connection must succeed) and announces every change of this process's cache from now on. */
  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.cache.onInvalidate(() => this.announce());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async announce(): Promise<void> {
    const payload = `${this.id}:${++this.sent}`;
    let timer: NodeJS.Timeout | undefined;
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(payload, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    });
    try {
      await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`.execute(this.db);
      if (this.client) await echoed;
    } catch (error) {
      // The other processes empty their caches when their own connection comes back.
      this.log.warn({ err: error }, 'could not announce a content change to the other processes');
    } finally {
      clearTimeout(timer);
      this.echoes.delete(payload);
    }
  }

  private received(payload: string): void {
    if (payload.startsWith(`${this.id}:`)) this.echoes.get(payload)?.();
    else void this.cache.invalidate({ fromPeer: true });
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      if (!this.stopped) {
        this.log.warn({ err: error }, 'page cache announcements: connection lost, listening again');
        this.scheduleReconnect();
      }
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (message) => {
      if (message.channel === INVALIDATION_CHANNEL) this.received(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      onDrop(error as Error);
      await client.end().catch(() => undefined);
      throw error;
    }
    // Stopped while connecting: this connection must not outlive the process's close.
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.stopped) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().then(
        () => {
          this.log.info({}, 'page cache announcements: listening again');
          // Whatever changed while we were not listening: start afresh.
          void this.cache.invalidate({ fromPeer: true });
        },
        () => undefined, // listen() scheduled the next attempt
      );
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }
}
