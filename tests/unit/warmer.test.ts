import { afterEach, describe, expect, it, vi } from 'vitest';
import { Warmer, WARM_HEADER } from '../../server/cache/warmer.js';

const MINUTE = 60 * 1000;

/** A warmer whose renders are recorded, on a clock the test moves. */
function warmer() {
  const clock = { now: 1_000_000_000_000 };
  const rendered: string[] = [];
  const log = { warn: () => undefined };
  const instance = new Warmer(
    async (key, headers) => {
      expect(headers[WARM_HEADER]).toBe(instance.token);
      rendered.push(key);
    },
    log,
    () => clock.now,
  );
  /** Lets the background queue run to its end. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { instance, rendered, clock, settled };
}

describe('the warmer', () => {
  it('renders again the ended pages visitors asked for in the last minutes, and no other', async () => {
    const { instance, rendered, clock, settled } = warmer();
    instance.requested('/old');
    clock.now += 6 * MINUTE;
    instance.requested('/');
    instance.ended(['/', '/old', '/never-asked']);
    await settled();
    expect(rendered).toEqual(['/']);
  });

  it('renders a page again only if a visitor asked for it since its last render by the warmer', async () => {
    const { instance, rendered, clock, settled } = warmer();
    instance.requested('/news');
    instance.ended(['/news']);
    await settled();
    // Saves go on while nobody reads the page: it is not rendered again for each of them.
    for (let save = 0; save < 5; save++) {
      clock.now += 1000;
      instance.ended(['/news']);
      await settled();
    }
    expect(rendered).toEqual(['/news']);
    // A visitor reads it again: the next save renders it again.
    clock.now += 1000;
    instance.requested('/news');
    clock.now += 1000;
    instance.ended(['/news']);
    await settled();
    expect(rendered).toEqual(['/news', '/news']);
  });

  it("waits until the writes in progress have answered, so that an editor's save never waits for a render", async () => {
    const { instance, rendered, settled } = warmer();
    const firstAnswered = instance.writeStarted();
    const secondAnswered = instance.writeStarted();
    instance.requested('/');
    instance.ended(['/']);
    await settled();
    expect(rendered).toEqual([]);
    firstAnswered();
    // Told twice (the answer went out, then the connection closed), it counts once.
    firstAnswered();
    await settled();
    expect(rendered).toEqual([]);
    secondAnswered();
    await settled();
    expect(rendered).toEqual(['/']);
  });

  describe('with a write that does not answer (a long upload)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('renders after a second all the same', async () => {
      vi.useFakeTimers();
      const { instance, rendered } = warmer();
      instance.writeStarted();
      instance.requested('/news');
      instance.ended(['/news']);
      await vi.advanceTimersByTimeAsync(990);
      expect(rendered).toEqual([]);
      await vi.advanceTimersByTimeAsync(20);
      expect(rendered).toEqual(['/news']);
    });

    it('holds no later render: a write older than the wait is not waited for again', async () => {
      vi.useFakeTimers();
      const { instance, rendered, clock } = warmer();
      instance.writeStarted();
      clock.now += 2000;
      instance.requested('/');
      instance.ended(['/']);
      await vi.advanceTimersByTimeAsync(0);
      expect(rendered).toEqual(['/']);
    });
  });

  it('knows its own renders by their header', () => {
    const { instance } = warmer();
    expect(instance.isWarming(instance.token)).toBe(true);
    expect(instance.isWarming('another')).toBe(false);
    expect(instance.isWarming(undefined)).toBe(false);
  });
});
