import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, say) that a test can cut and restore: `cut` closes every
 * connection and refuses new ones, as a database that went away does; `restore` accepts again on the same port.
 * `delayAnswers` holds what the server sends for that long before passing it on, in order, as a slow network does.
 * The machine's real server is never touched.
 */
export interface TcpProxy {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  delayAnswers: (ms: number) => void;
  close: () => Promise<void>;
}

/** Writes each chunk to `socket` once `delayMs()` has passed since it came, never before an earlier chunk. */
function delayedWriter(socket: net.Socket, delayMs: () => number): (chunk: Buffer) => void {
  const pending: { at: number; chunk: Buffer }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const drain = () => {
    timer = null;
    for (let next = pending[0]; next && next.at <= Date.now(); next = pending[0]) {
      pending.shift();
      socket.write(next.chunk);
    }
    const next = pending[0];
    if (next) timer = setTimeout(drain, next.at - Date.now());
  };
  return (chunk) => {
    if (delayMs() === 0 && pending.length === 0) {
      socket.write(chunk);
      return;
    }
    pending.push({ at: Math.max(Date.now() + delayMs(), pending.at(-1)?.at ?? 0), chunk });
    timer ??= setTimeout(drain, delayMs());
  };
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let answerDelayMs = 0;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listen = async (port: number) => {
    const server = net.createServer((client) => {
      const upstream = net.connect(target);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.on(
        'data',
        delayedWriter(client, () => answerDelayMs),
      );
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    return server;
  };
  let server: net.Server | null = await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const cut = async () => {
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
    close: cut,
  };
}
