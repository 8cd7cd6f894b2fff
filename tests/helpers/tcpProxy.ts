import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, say) that a test can cut and restore: `cut` closes every
 * connection and refuses new ones, as a database that went away does; `restore` accepts again on the same port.
 * `delayAnswers` holds what the server sends for that long before passing it on, in order, as a slow network does.
 * `partition` is a silent partition (a frozen server, a dropped network): every connection stays open and new ones
 * are accepted, but nothing passes in either direction, not even a close, until `heal` delivers what was held, in
 * order, as TCP does once the network is back. `partitionAfter` starts one right after the server was sent bytes
 * containing the given text (a statement), so that its answer is held for sure.
 * The machine's real server is never touched.
 */
export interface TcpProxy {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  delayAnswers: (ms: number) => void;
  partition: () => void;
  /** Resolves once the partition started: right after the server was sent `text`. */
  partitionAfter: (text: string) => Promise<void>;
  heal: () => void;
  close: () => Promise<void>;
}

/** Passes each chunk to `write` once `delayMs()` has passed since it came, never before an earlier chunk. */
function delayedWriter(write: (chunk: Buffer) => void, delayMs: () => number): (chunk: Buffer) => void {
  const pending: { at: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const drain = () => {
    timer = null;
    for (let next = pending[0]; next && next.at <= Date.now(); next = pending[0]) {
      pending.shift();
      write(next.chunk);
    }
    const next = pending[0];
    if (next) timer = setTimeout(drain, next.at - Date.now());
  };
  return (chunk) => {
    if (delayMs() === 0 && pending.length === 0) {
      write(chunk);
      return;
    }
    pending.push({ at: Math.max(Date.now() + delayMs(), pending.at(-1)?.at ?? 0), chunk });
    timer ??= setTimeout(drain, delayMs());
  };
}

/**
 * One direction of one proxied connection: bytes and the close pass at once, or wait while the network is
 * partitioned and pass, in order, when it heals.
 */
class Direction {
  private readonly held: Buffer[] = [];
  private closeHeld = false;

  constructor(
    private readonly to: net.Socket,
    private readonly partitioned: () => boolean,
  ) {}

  send(chunk: Buffer): void {
    if (this.partitioned() || this.held.length > 0) this.held.push(chunk);
    else if (!this.to.destroyed) this.to.write(chunk);
  }

  /** The other end closed: this end is closed once everything before the close was delivered. */
  close(): void {
    if (this.partitioned() || this.held.length > 0) this.closeHeld = true;
    else this.to.end();
  }

  /** Delivers what the partition held, then the close if one came meanwhile. */
  release(): void {
    for (const chunk of this.held.splice(0)) if (!this.to.destroyed) this.to.write(chunk);
    if (this.closeHeld) this.to.end();
    this.closeHeld = false;
  }
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const directions = new Set<Direction>();
  let answerDelayMs = 0;
  let partitioned = false;
  let trigger: { text: string; start: () => void } | null = null;
  const isPartitioned = () => partitioned;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const direction = (to: net.Socket) => {
    const made = new Direction(to, isPartitioned);
    directions.add(made);
    to.on('close', () => directions.delete(made));
    return made;
  };
  const listen = async (port: number) => {
    const server = net.createServer((client) => {
      const upstream = net.connect(target);
      track(client);
      track(upstream);
      const toServer = direction(upstream);
      const toClient = direction(client);
      client.on('data', (chunk: Buffer) => {
        toServer.send(chunk);
        if (trigger && chunk.includes(trigger.text)) trigger.start();
      });
      upstream.on(
        'data',
        delayedWriter(
          (chunk) => toClient.send(chunk),
          () => answerDelayMs,
        ),
      );
      client.on('end', () => toServer.close());
      upstream.on('end', () => toClient.close());
      client.on('close', () => (partitioned ? toServer.close() : upstream.destroy()));
      upstream.on('close', () => (partitioned ? toClient.close() : client.destroy()));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  };
  let server: net.Server | null = await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const heal = () => {
    partitioned = false;
    trigger = null;
    for (const held of directions) held.release();
  };
  const cut = async () => {
    heal();
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    port,
    cut,
    restore: async () => {
      server ??= await listen(port);
    },
    delayAnswers: (ms) => {
      answerDelayMs = ms;
    },
    partition: () => {
      partitioned = true;
    },
    partitionAfter: (text) =>
      new Promise<void>((resolve) => {
        trigger = {
          text,
          start: () => {
            trigger = null;
            partitioned = true;
            resolve();
          },
        };
      }),
    heal,
    close: cut,
  };
}
