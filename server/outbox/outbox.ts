import type { Kysely } from 'kysely';
import type { Database, Db } from '../db/schema.js';

/**
 * Sends one message to the system it is for. Resolves with the receiver's short answer (kept for the log); throws
 * when the message could not be delivered, and the outbox tries again later.
 */
export type Deliver = (payload: unknown) => Promise<string>;

/**
 * Sends several due messages of one kind in one go (a search engine takes many addresses in one request), with one
 * answer for all of them; when it throws, each of them is tried again later.
 */
export type DeliverBatch = (payloads: unknown[]) => Promise<string>;

interface Delivery {
  deliver: DeliverBatch;
  /** Whether the kind's due messages go together. */
  batch: boolean;
}

interface DueMessage {
  id: number;
  payload: string;
  attempts: number;
}

export interface OutboxBacklog {
  /** Messages not delivered yet, those scheduled for later included. */
  pending: number;
  /** How long the oldest message that is due or failed has waited since it was written; 0 when none. */
  oldestWaitingMs: number;
}

/** How long a delivered message stays in the log. */
export const SENT_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** How many due messages of each kind one round delivers; the next round takes the rest. */
export const OUTBOX_BATCH = 50;

/** The wait before the next attempt after `attempts` failures: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);

/**
 * Keeps a message for another system (a mail, a search engine's notice) with the write that caused it: written in
 * the same transaction, it exists exactly when the write committed, and survives restarts and outages. It is due
 * at once, or at `dueAt` (a notice of a page that appears later).
 */
export async function enqueue(db: Db, kind: string, payload: unknown, now = new Date(), dueAt = now): Promise<void> {
  await db
    .insertInto('outbox')
    .values({ kind, payload: JSON.stringify(payload), due_at: dueAt.toISOString(), sent_at: null, created_at: now.toISOString() })
    .execute();
}

/** The text a failure leaves in the log: its message, shortened. */
const failureText = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Delivers the kept messages. Each kind has its delivery (`handle` one by one, `handleBatch` all due ones of the
 * kind together); a message whose kind has none waits (its feature is switched off in this process). `deliverDue`
 * runs as a periodic job, so one process at a time delivers and a message is sent once however many processes share
 * the database; a failed attempt is retried after `retryDelayMs`, and nothing is dropped.
 */
export class Outbox {
  private readonly deliveries = new Map<string, Delivery>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Delivers the kind's messages one by one. */
  handle(kind: string, deliver: Deliver): void {
    this.register(kind, { batch: false, deliver: (payloads) => deliver(payloads[0]) });
  }

  /** Delivers the kind's due messages together, in one call per round. */
  handleBatch(kind: string, deliver: DeliverBatch): void {
    this.register(kind, { batch: true, deliver });
  }

  private register(kind: string, delivery: Delivery): void {
    if (this.deliveries.has(kind)) throw new Error(`The outbox already delivers ${kind}`);
    this.deliveries.set(kind, delivery);
  }

  /**
   * Delivers what is due, oldest first within each kind; answers how many messages were delivered. Each kind takes its
   * own share of the round and goes on its own, so a letter never waits behind search engine notices however many of
   * them are due, nor behind an engine that is slow to answer.
   */
  async deliverDue(): Promise<number> {
    const now = new Date(this.clock()).toISOString();
    const counts = await Promise.all([...this.deliveries].map(([kind, delivery]) => this.deliverKind(kind, delivery, now)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private async deliverKind(kind: string, delivery: Delivery, now: string): Promise<number> {
    const due: DueMessage[] = await this.db
      .selectFrom('outbox')
      .select(['id', 'payload', 'attempts'])
      .where('sent_at', 'is', null)
      .where('due_at', '<=', now)
      .where('kind', '=', kind)
      .orderBy('due_at')
      .orderBy('id')
      .limit(OUTBOX_BATCH)
      .execute();
    // The kind's due messages together when it goes in batches, else one by one.
    const sendings = delivery.batch ? (due.length > 0 ? [due] : []) : due.map((message) => [message]);
    let delivered = 0;
    for (const messages of sendings) {
      try {
        const answer = await delivery.deliver(messages.map((message) => JSON.parse(message.payload)));
        await this.markSent(messages, answer);
        delivered += messages.length;
      } catch (error) {
        await this.markFailed(messages, failureText(error));
      }
    }
    return delivered;
  }

  private async markSent(messages: readonly DueMessage[], answer: string): Promise<void> {
    const sentAt = new Date(this.clock()).toISOString();
    for (const message of messages) {
      await this.db
        .updateTable('outbox')
        .set({ sent_at: sentAt, answer: answer.slice(0, 500), attempts: message.attempts + 1, last_error: '' })
        .where('id', '=', message.id)
        .execute();
    }
  }

  /** Each message waits according to its own count of failures. */
  private async markFailed(messages: readonly DueMessage[], error: string): Promise<void> {
    for (const message of messages) {
      const attempts = message.attempts + 1;
      await this.db
        .updateTable('outbox')
        .set({ attempts, last_error: error, due_at: new Date(this.clock() + retryDelayMs(attempts)).toISOString() })
        .where('id', '=', message.id)
        .execute();
    }
  }

  /**
   * What waits to be delivered: every message not yet delivered, and how long the oldest of those that should have
   * gone already has waited since it was written (0 when none). A message scheduled for later that was never tried
   * does not count as waiting; one that failed does, whenever it is tried next. One query, for the metrics.
   */
  async backlog(): Promise<OutboxBacklog> {
    const now = this.clock();
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('pending'),
        eb.fn
          .min(
            eb
              .case()
              .when(eb.or([eb('due_at', '<=', new Date(now).toISOString()), eb('attempts', '>', 0)]))
              .then(eb.ref('created_at'))
              .end(),
          )
          .as('oldest'),
      ])
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    const oldest = row.oldest === null ? null : Date.parse(row.oldest);
    return { pending: Number(row.pending), oldestWaitingMs: oldest === null ? 0 : Math.max(0, now - oldest) };
  }

  /** Forgets messages delivered longer than `SENT_KEPT_MS` ago. */
  async pruneSent(): Promise<void> {
    const before = new Date(this.clock() - SENT_KEPT_MS).toISOString();
    await this.db.deleteFrom('outbox').where('sent_at', 'is not', null).where('sent_at', '<', before).execute();
  }
}
