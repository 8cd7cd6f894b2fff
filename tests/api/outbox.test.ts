import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue, Outbox, retryDelayMs, SENT_KEPT_MS } from '../../server/outbox/outbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';

/** Messages to other systems are kept with their write, delivered once, and retried with a growing delay until they go. */
describe.each(await testDialects())('the outbox on %s', (dialect) => {
  let t: TestApp;
  let now = Date.parse('2026-11-26T10:00:00.000Z');

  beforeAll(async () => {
    // The periodic round is pushed far out: the test delivers by hand, with its own clock.
    t = await createTestApp(dialect, { build: { outboxEveryMs: 24 * 60 * 60 * 1000 } });
  });
  afterAll(() => t?.close());

  const rowsOf = (kind: string) => t.app.db.selectFrom('outbox').selectAll().where('kind', '=', kind).orderBy('id').execute();

  it('keeps a message only when its transaction commits', async () => {
    await t.app.db.transaction().execute((trx) => enqueue(trx, 'kept', { n: 1 }));
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await enqueue(trx, 'kept', { n: 2 });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect((await rowsOf('kept')).map((row) => JSON.parse(row.payload))).toEqual([{ n: 1 }]);
  });

  it('retries a failed delivery after 30 s, then 60 s, and delivers it once the receiver is back', async () => {
    const outbox = new Outbox(t.app.db, () => now);
    const received: unknown[] = [];
    let up = false;
    outbox.handle('probe', async (payload) => {
      if (!up) throw new Error('connection refused');
      received.push(payload);
      return '250 OK';
    });
    await enqueue(t.app.db, 'probe', { to: 'press@example.com' }, new Date(now));

    expect(await outbox.deliverDue()).toBe(0);
    let [row] = await rowsOf('probe');
    expect(row).toMatchObject({ attempts: 1, last_error: 'connection refused', sent_at: null, due_at: new Date(now + 30_000).toISOString() });
    // Not due yet: nothing is tried.
    now += 10_000;
    expect(await outbox.deliverDue()).toBe(0);
    expect((await rowsOf('probe'))[0]?.attempts).toBe(1);
    now += 20_000;
    await outbox.deliverDue();
    [row] = await rowsOf('probe');
    expect(row).toMatchObject({ attempts: 2, due_at: new Date(now + 60_000).toISOString() });

    up = true;
    now += 60_000;
    expect(await outbox.deliverDue()).toBe(1);
    expect(await outbox.deliverDue()).toBe(0);
    expect(received).toEqual([{ to: 'press@example.com' }]);
    [row] = await rowsOf('probe');
    expect(row).toMatchObject({ attempts: 3, last_error: '', answer: '250 OK', sent_at: new Date(now).toISOString() });
  });

  it('leaves messages of a kind this process does not deliver, and forgets delivered ones after 30 days', async () => {
    const outbox = new Outbox(t.app.db, () => now);
    outbox.handle('delivered', async () => 'ok');
    await enqueue(t.app.db, 'elsewhere', {}, new Date(now));
    await enqueue(t.app.db, 'delivered', {}, new Date(now));
    expect(await outbox.deliverDue()).toBe(1);
    expect((await rowsOf('elsewhere'))[0]?.sent_at).toBeNull();
    now += SENT_KEPT_MS + 1;
    await outbox.pruneSent();
    expect(await rowsOf('delivered')).toEqual([]);
    expect(await rowsOf('elsewhere')).toHaveLength(1);
  });

  it('delivers the due messages of a batched kind in one call, and retries each of them when it fails', async () => {
    const outbox = new Outbox(t.app.db, () => now);
    const calls: unknown[][] = [];
    let up = false;
    outbox.handleBatch('together', async (payloads) => {
      calls.push(payloads);
      if (!up) throw new Error('503');
      return '202';
    });
    outbox.handle('alone', async () => 'ok');
    for (const n of [1, 2, 3]) await enqueue(t.app.db, 'together', { n }, new Date(now));
    await enqueue(t.app.db, 'alone', { n: 4 }, new Date(now));
    await enqueue(t.app.db, 'alone', { n: 5 }, new Date(now));
    // Not due before its moment.
    await enqueue(t.app.db, 'together', { n: 6 }, new Date(now), new Date(now + 60_000));

    expect(await outbox.deliverDue()).toBe(2);
    expect(calls).toEqual([[{ n: 1 }, { n: 2 }, { n: 3 }]]);
    expect((await rowsOf('together')).map((row) => [row.attempts, row.last_error])).toEqual([
      [1, '503'],
      [1, '503'],
      [1, '503'],
      [0, ''],
    ]);

    up = true;
    now += 60_000;
    expect(await outbox.deliverDue()).toBe(4);
    expect(calls.at(-1)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 6 }]);
    expect((await rowsOf('together')).map((row) => [row.attempts, row.answer])).toEqual([
      [2, '202'],
      [2, '202'],
      [2, '202'],
      [1, '202'],
    ]);
  });

  it('waits at most an hour between attempts', () => {
    expect([1, 2, 3, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
