import { describe, expect, it } from 'vitest';
import { ContentSchedule, type ScheduledTime } from '../../server/cache/schedule.js';

const HOUR = 60 * 60 * 1000;

/** A schedule over news (appears in an hour) and the photobank (an item leaves in two), which records its reads. */
function schedule() {
  let now = 1_000_000_000_000;
  const moments: Record<string, ScheduledTime[]> = {
    news: [
      { table: 'news', source: 'news', at: now + HOUR, leaves: false },
      { table: 'search_index', source: 'news', at: now + HOUR, leaves: false },
    ],
    photobank_photos: [{ table: 'photobank_photos', source: 'photobank_photos', at: now + 2 * HOUR, leaves: true }],
  };
  const reads: (readonly string[] | null)[] = [];
  const pending: (() => void)[] = [];
  let held = false;
  const read = (since: Date, tables: readonly string[] | null) => {
    reads.push(tables);
    // The moments as they were when the read was made; a held read answers when released.
    const answer = Object.entries(moments)
      .flatMap(([table, times]) => (tables === null || tables.includes(table) ? times : []))
      .filter((time) => time.at > since.getTime());
    if (!held) return Promise.resolve(answer);
    return new Promise<ScheduledTime[]>((resolve) => pending.push(() => resolve(answer)));
  };
  const content = new ContentSchedule(read, () => now);
  return {
    content,
    reads,
    moments,
    later: (ms: number) => (now += ms),
    at: (ms: number) => now + ms,
    hold: () => (held = true),
    /** Held reads answer, the latest first. */
    release: () => {
      held = false;
      for (const answer of pending.splice(0).reverse()) answer();
    },
  };
}

describe("the content's scheduled moments", () => {
  it('are read once for every table, then again only for the tables a change wrote', async () => {
    const { content, reads } = schedule();
    await content.known();
    await content.known();
    expect(reads).toEqual([null]);
    content.forget(['news', 'audit_log']);
    await content.known();
    expect(reads).toEqual([null, ['news', 'audit_log']]);
    content.forget(null);
    await content.known();
    expect(reads).toEqual([null, ['news', 'audit_log'], null]);
  });

  it('tell when a time came what it ends: the lists of an appearing item, all reads of a leaving one', async () => {
    const { content, later } = schedule();
    await content.known();
    expect(content.due()).toBeNull();
    later(HOUR);
    expect(content.due()).toEqual({ tables: [], records: { news: [], search_index: [] } });
    expect(content.due()).toBeNull();
    await content.known();
    later(HOUR);
    expect(content.due()).toEqual({ tables: ['photobank_photos'], records: {} });
  });

  it("keep another table's moments when a change rereads one table, and take its moved moment", async () => {
    const { content, moments, at, later } = schedule();
    await content.known();
    moments.news = [{ table: 'news', source: 'news', at: at(3 * HOUR), leaves: true }];
    content.forget(['news']);
    await content.known();
    later(2 * HOUR);
    expect(content.due()).toEqual({ tables: ['photobank_photos'], records: {} });
    await content.known();
    later(HOUR);
    expect(content.due()).toEqual({ tables: ['news'], records: {} });
  });

  it('do not keep what a read found for a table forgotten again while it ran', async () => {
    const { content, moments, later, hold, release, reads } = schedule();
    await content.known();
    hold();
    content.forget(['news']);
    const first = content.known();
    // An editor takes the item's date away while that read runs; the read made after it answers first.
    moments.news = [];
    content.forget(['news']);
    const second = content.known();
    release();
    await Promise.all([first, second]);
    expect(reads).toEqual([null, ['news'], ['news']]);
    later(HOUR);
    expect(content.due()).toBeNull();
  });

  it('wait for every read still running, and read again the tables of a read that failed', async () => {
    let fail = true;
    const reads: (readonly string[] | null)[] = [];
    const content = new ContentSchedule(
      async (_since, tables) => {
        reads.push(tables);
        if (tables !== null && fail) throw new Error('connection lost');
        return [];
      },
      () => 0,
    );
    await content.known();
    content.forget(['news']);
    await expect(content.known()).rejects.toThrow('connection lost');
    fail = false;
    await content.known();
    expect(reads).toEqual([null, ['news'], ['news']]);
  });
});
