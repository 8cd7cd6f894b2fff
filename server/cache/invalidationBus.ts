import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.js';
import type { RowChange, RowFilters } from '../db/listReads.js';
import type { Database } from '../db/schema.js';
import type { ChangedRecord, ContentChange, PageCache } from './pageCache.js';

/**
 * The PostgreSQL channel on which processes announce content changes (`<sender id>:<number>`, followed by a space and
 * `{"tables":[…],"records":{"<table>":[ids…]},"rows":{"<table>":[…]},"where":{"<table>":[…]},"changed":{…}}`: the
 * tables the change wrote as a whole, the records it wrote by table, their values before and after where known, the
 * equalities of its writes by condition, and the record it changed; without them, or with `tables` null, everything
 * changed) and acknowledge them once their cache ended what the change touched
 * (`ack:<sender id>:<number>:<acknowledging id>`).
 */
export const INVALIDATION_CHANNEL = 'page_cache_invalidated';
/** What each listening connection sent last, which is how the processes listening are counted. */
const LISTEN_STATEMENT = `LISTEN ${INVALIDATION_CHANNEL}`;
const ACK_PREFIX = 'ack:';

/** How long to wait before listening again after the connection dropped. */
const RECONNECT_MS = 1000;
/** How long an announcement waits for the other processes' acknowledgements before the write's answer goes anyway. */
const ACK_WAIT_MS = 1000;
/**
 * PostgreSQL refuses a notification payload of 8000 bytes or more: a longer change is announced without its rows'
 * values (every list of their tables ends), then with its records' tables as written whole, and as "everything"
 * when even that is too long.
 */
const MAX_PAYLOAD = 7900;

interface BusLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
}

/**
 * Keeps the page caches of every process on one PostgreSQL database in step: a content change here is announced
 * with `NOTIFY` (after its transaction committed), and an announcement from another process ends this process's
 * cache generation. A dedicated connection `LISTEN`s; when it drops it is opened again, and the cache is emptied
 * then, since announcements made meanwhile were missed. Each process acknowledges an announcement once its cache is
 * emptied, and the announcing process waits for the acknowledgements of every other process listening: the write's
 * answer (sent after that) is followed by fresh pages everywhere, even when a notification reaches a process later
 * than the writer's answer reaches its visitor.
 */
export class InvalidationBus {
  private readonly id = randomUUID();
  private sent = 0;
  /** Announcements waiting for acknowledgements: who acknowledged is passed on. */
  private readonly awaitingAcks = new Map<string, (acknowledger: string) => void>();
  private client: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly db: Kysely<Database>,
    private readonly cache: PageCache,
    private readonly log: BusLog,
    private readonly timeouts: DatabaseTimeouts,
  ) {}

  /** Listens (the first connection must succeed) and announces every change of this process's cache from now on. */
  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.cache.onInvalidate((changed) => this.announce(changed));
  }

  /** Whether this process listens for the other processes' changes now (false while the connection is re-made). */
  get listening(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async announce(change: ContentChange): Promise<void> {
    const announcement = `${this.id}:${++this.sent}`;
    const records = change.records ?? {};
    const changed = change.changed ?? null;
    const where = change.where ?? {};
    const withRows = `${announcement} ${JSON.stringify({ tables: change.tables, records, rows: change.rows ?? {}, where, changed })}`;
    const described = `${announcement} ${JSON.stringify({ tables: change.tables && [...change.tables, ...Object.keys(where)], records, changed })}`;
    const tables = change.tables && [...change.tables, ...Object.keys(where), ...Object.keys(records)];
    const coarser = `${announcement} ${JSON.stringify({ tables, changed })}`;
    const payload = [withRows, described, coarser].find((text) => Buffer.byteLength(text) <= MAX_PAYLOAD) ?? announcement;
    let timer: NodeJS.Timeout | undefined;
    try {
      const peers = await this.listeningPeers();
      const acknowledged = new Promise<void>((resolve) => {
        const acknowledgers = new Set<string>();
        this.awaitingAcks.set(announcement, (acknowledger) => {
          acknowledgers.add(acknowledger);
          if (acknowledgers.size >= peers) resolve();
        });
        timer = setTimeout(resolve, ACK_WAIT_MS);
      });
      await this.notify(payload);
      if (peers > 0 && this.client) await acknowledged;
    } catch (error) {
      // The other processes empty their caches when their own connection comes back.
      this.log.warn({ err: error }, 'could not announce a content change to the other processes');
    } finally {
      clearTimeout(timer);
      this.awaitingAcks.delete(announcement);
    }
  }

  /** The other processes listening on this database (each one's connection last sent LISTEN_STATEMENT). */
  private async listeningPeers(): Promise<number> {
    const { rows } = await sql<{ listening: number }>`
      select count(*)::int as listening from pg_stat_activity
      where datname = current_database() and query = ${LISTEN_STATEMENT}`.execute(this.db);
    return Math.max(0, (rows[0]?.listening ?? 0) - (this.client ? 1 : 0));
  }

  private async notify(payload: string): Promise<void> {
    await sql`select pg_notify(${INVALIDATION_CHANNEL}, ${payload})`.execute(this.db);
  }

  private received(payload: string): void {
    if (payload.startsWith(ACK_PREFIX)) {
      const [sender, number, acknowledger] = payload.slice(ACK_PREFIX.length).split(':');
      if (sender === this.id && acknowledger) this.awaitingAcks.get(`${sender}:${number}`)?.(acknowledger);
      return;
    }
    if (payload.startsWith(`${this.id}:`)) return;
    const space = payload.indexOf(' ');
    const [sender, number] = (space === -1 ? payload : payload.slice(0, space)).split(':');
    void this.cache.invalidate({ ...changeOf(space === -1 ? '' : payload.slice(space + 1)), fromPeer: true });
    this.notify(`${ACK_PREFIX}${sender}:${number}:${this.id}`).catch((error: unknown) => {
      // The announcing process answers after its wait ends; this cache is already empty.
      this.log.warn({ err: error }, 'could not acknowledge a content change');
    });
  }

  private async listen(): Promise<void> {
    // A connection that cannot be opened, or a LISTEN that gets no answer, in time counts as dropped and is tried
    // again; keepalive probes (after the configured silence, not the system's two hours) find one that died quietly.
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: this.timeouts.connectTimeoutMs,
      query_timeout: this.timeouts.queryTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.timeouts.keepAliveMs,
    });
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
      await client.query(LISTEN_STATEMENT);
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

/** The change an announcement describes; what cannot be read as one is taken for "everything changed". */
function changeOf(description: string): ContentChange {
  try {
    const { tables, records, rows, where, changed } = JSON.parse(description) as {
      tables?: unknown;
      records?: unknown;
      rows?: unknown;
      where?: unknown;
      changed?: Partial<ChangedRecord> | null;
    };
    const named = Array.isArray(tables) && tables.every((table) => typeof table === 'string') ? (tables as string[]) : null;
    const record =
      changed && typeof changed.resource === 'string' && Number.isSafeInteger(changed.id) ? { resource: changed.resource, id: Number(changed.id) } : null;
    const byTable = Object.entries(typeof records === 'object' && records !== null ? records : {});
    // Records that cannot be read as ids: their whole tables changed.
    const unreadable = byTable.filter(([, ids]) => !Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id))).map(([table]) => table);
    const readable = byTable.filter(([table]) => !unreadable.includes(table)) as [string, number[]][];
    return {
      tables: named && [...named, ...unreadable],
      records: Object.fromEntries(readable),
      rows: rowChangesOf(rows),
      where: writtenWhereOf(where),
      changed: record,
    };
  } catch {
    return { tables: null };
  }
}

const isValues = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((entry) => typeof entry === 'string');

const isFilters = (value: unknown): value is RowFilters =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((values) => Array.isArray(values) && values.every((entry) => typeof entry === 'string'));

/** The writes by condition an announcement carries; a table whose writes cannot be read counts as written whole. */
function writtenWhereOf(where: unknown): Record<string, RowFilters[]> {
  if (typeof where !== 'object' || where === null) return {};
  return Object.fromEntries(
    Object.entries(where).map(([table, writes]) => [table, Array.isArray(writes) && writes.every(isFilters) ? (writes as RowFilters[]) : [{}]]),
  );
}

/** The rows' values an announcement carries; a table whose rows cannot be read is left out (its lists all end). */
function rowChangesOf(rows: unknown): Record<string, RowChange[]> {
  if (typeof rows !== 'object' || rows === null) return {};
  const isChange = (change: unknown): change is RowChange => {
    const { id, before, after, long } = (change ?? {}) as Partial<Record<keyof RowChange, unknown>>;
    return (
      Number.isSafeInteger(id) &&
      (before === null || isValues(before)) &&
      (after === null || isValues(after)) &&
      Array.isArray(long) &&
      long.every((column) => typeof column === 'string')
    );
  };
  return Object.fromEntries(Object.entries(rows).filter((entry): entry is [string, RowChange[]] => Array.isArray(entry[1]) && entry[1].every(isChange)));
}
