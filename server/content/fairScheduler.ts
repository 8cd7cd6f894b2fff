/**
 * Who gets the next free content worker. Each owner (a signed-in user, or one piece of work with nobody behind it)
 * has a queue of its own; a free worker goes to the owner with the fewest jobs running, and among those to the one
 * served longest ago. One owner never holds every worker (with two, it runs one job at a time), so another editor's
 * save finds a worker free however many heavy jobs one editor has sent, or waits behind at most one job of each
 * other editor, never behind a queue. A job waits only until its deadline; past it, it is refused without running.
 */

/** What an owner is known by: a key such as `user:12`, or the object of a request nobody signed in for. */
export type Owner = string | object;

/** The time and timers the scheduler runs by; tests put a clock of their own. */
export interface SchedulerClock {
  /** Milliseconds, on any monotonic scale. */
  now(): number;
  /** Calls `run` after `ms`; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemClock: SchedulerClock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** What happened to a job, in order: queued (when no worker was free), then started or expired, then released. */
export type SchedulerEvent = { type: 'queued' | 'started' | 'expired' | 'released'; owner: Owner; job: number };

/** A job's deadline passed before a worker was free for it. */
export class ExpiredWhileWaitingError extends Error {
  constructor() {
    super('The job waited past its deadline.');
  }
}

interface Waiting {
  job: number;
  owner: Owner;
  deadline: number;
  start: (release: () => void) => void;
  refuse: (error: Error) => void;
  cancelTimer: () => void;
}

export class FairScheduler {
  private readonly queues = new Map<Owner, Waiting[]>();
  private readonly runningOf = new Map<Owner, number>();
  private readonly lastServed = new Map<Owner, number>();
  private running = 0;
  private served = 0;
  private jobs = 0;
  private readonly listeners = new Set<(event: SchedulerEvent) => void>();

  /** The most jobs one owner runs at once: all but one worker, so that another owner always has one. */
  readonly perOwner: number;

  constructor(
    readonly slots: number,
    private readonly clock: SchedulerClock = systemClock,
  ) {
    this.perOwner = Math.max(1, slots - 1);
  }

  /** Listens to every job's events; the answer stops listening. */
  watch(listener: (event: SchedulerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Jobs waiting for a worker, all owners together. */
  waiting(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.length;
    return count;
  }

  /**
   * Waits for a free worker for `owner`'s job until `deadline` (on the clock's scale). Answers the function that
   * gives the worker back once the job ends; throws `ExpiredWhileWaitingError` when the deadline comes first.
   */
  acquire(owner: Owner, deadline: number): Promise<() => void> {
    const job = ++this.jobs;
    return new Promise((resolve, reject) => {
      if (this.clock.now() >= deadline) {
        this.emit({ type: 'expired', owner, job });
        reject(new ExpiredWhileWaitingError());
        return;
      }
      const waiting: Waiting = { job, owner, deadline, start: resolve, refuse: reject, cancelTimer: () => undefined };
      if (this.running < this.slots && !this.queues.has(owner) && (this.runningOf.get(owner) ?? 0) < this.perOwner && this.nextOwner() === undefined) {
        this.begin(waiting);
        return;
      }
      const queue = this.queues.get(owner) ?? [];
      queue.push(waiting);
      this.queues.set(owner, queue);
      waiting.cancelTimer = this.clock.after(deadline - this.clock.now(), () => this.expire(waiting));
      this.emit({ type: 'queued', owner, job });
    });
  }

  private emit(event: SchedulerEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private begin(waiting: Waiting): void {
    const { owner, job } = waiting;
    this.running++;
    this.runningOf.set(owner, (this.runningOf.get(owner) ?? 0) + 1);
    this.lastServed.set(owner, ++this.served);
    this.emit({ type: 'started', owner, job });
    let released = false;
    waiting.start(() => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.runningOf.get(owner) ?? 1) - 1;
      if (left > 0) this.runningOf.set(owner, left);
      else this.runningOf.delete(owner);
      this.emit({ type: 'released', owner, job });
      this.dispatch();
    });
  }

  private remove(waiting: Waiting): void {
    const queue = this.queues.get(waiting.owner);
    if (!queue) return;
    const index = queue.indexOf(waiting);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) this.queues.delete(waiting.owner);
  }

  private expire(waiting: Waiting): void {
    this.remove(waiting);
    this.emit({ type: 'expired', owner: waiting.owner, job: waiting.job });
    waiting.refuse(new ExpiredWhileWaitingError());
  }

  /**
   * The owner whose turn it is among those below their share: the fewest jobs running, then served longest ago (never
   * served: first); none when every waiting owner runs its share already.
   */
  private nextOwner(): Owner | undefined {
    let best: Owner | undefined;
    let bestKey: [number, number] = [Infinity, Infinity];
    for (const owner of this.queues.keys()) {
      const running = this.runningOf.get(owner) ?? 0;
      if (running >= this.perOwner) continue;
      const key: [number, number] = [running, this.lastServed.get(owner) ?? 0];
      if (key[0] < bestKey[0] || (key[0] === bestKey[0] && key[1] < bestKey[1])) {
        best = owner;
        bestKey = key;
      }
    }
    return best;
  }

  /** Gives free workers to waiting jobs, in turn; a job whose deadline has passed meanwhile is refused instead. */
  private dispatch(): void {
    while (this.running < this.slots) {
      const owner = this.nextOwner();
      if (owner === undefined) return;
      const waiting = this.queues.get(owner)?.[0];
      if (!waiting) return;
      this.remove(waiting);
      waiting.cancelTimer();
      if (this.clock.now() >= waiting.deadline) {
        this.emit({ type: 'expired', owner, job: waiting.job });
        waiting.refuse(new ExpiredWhileWaitingError());
        continue;
      }
      this.begin(waiting);
    }
  }
}
