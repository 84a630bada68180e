import { createServer, type Server, Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Stops listening (new connections are refused) and ends every open connection, as a server going down does. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Keeps every connection open but forwards nothing, and accepts new ones that get no answer: a hung server. */
  freeze(): void;
  /** Forwards again on the connections it kept (those opened while frozen stay unanswered). */
  thaw(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay between the app and PostgreSQL that a test can cut and
 * restore: the app sees its database go away and come back, while the
 * machine's PostgreSQL (shared with other tests) keeps running.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  let server: Server;
  let port = 0;
  let frozen = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        if (frozen) {
          track(client);
          client.pause();
          return;
        }
        const upstream = new Socket();
        track(client);
        track(upstream);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
        upstream.connect(target.port, target.host, () => {
          client.pipe(upstream);
          upstream.pipe(client);
        });
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    close: stop,
  };
}
