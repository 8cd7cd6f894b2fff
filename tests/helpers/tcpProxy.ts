import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL, say) that a test can cut and restore: `cut` closes every
 * connection and refuses new ones, as a database that went away does; `restore` accepts again on the same port.
 * The machine's real server is never touched.
 */
export interface TcpProxy {
  port: number;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
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
      client.pipe(upstream).pipe(client);
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
    close: cut,
  };
}
