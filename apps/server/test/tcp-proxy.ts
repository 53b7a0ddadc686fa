import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback in front of a real server (PostgreSQL, Redis), for outage tests: it forwards, refuses
 * (as a stopped server: open connections are cut, new ones refused), or goes silent (as a hung server or a
 * network partition: connections are accepted and nothing comes back, nothing is lost), then resumes.
 */
export interface TcpProxy {
  /** The target's URL with the proxy's host and port. */
  url: string;
  refuse(): Promise<void>;
  silence(): void;
  resume(): Promise<void>;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  server: Socket | undefined;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port);
  let mode: 'forward' | 'refuse' | 'silent' = 'forward';
  const links = new Set<Link>();

  const flow = (link: Link) => {
    const { client } = link;
    if (client.destroyed) return;
    if (!link.server) {
      const server = connect(targetPort, target.hostname);
      link.server = server;
      server.on('error', () => client.destroy());
      server.on('close', () => client.destroy());
      client.on('close', () => server.destroy());
    }
    client.pipe(link.server);
    link.server.pipe(client);
  };
  const hold = (link: Link) => {
    link.client.unpipe();
    link.server?.unpipe();
    link.client.pause();
    link.server?.pause();
  };

  const listener = createServer({ pauseOnConnect: true }, (client) => {
    const link: Link = { client, server: undefined };
    links.add(link);
    client.on('error', () => undefined);
    client.on('close', () => links.delete(link));
    if (mode === 'forward') flow(link);
  });
  const listen = (port: number) => new Promise<void>((done) => listener.listen(port, '127.0.0.1', done));
  await listen(0);
  const address = listener.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stopListening = () => new Promise<void>((done) => listener.close(() => done()));
  const cutAll = () => {
    for (const link of links) {
      link.client.destroy();
      link.server?.destroy();
    }
    links.clear();
  };

  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async refuse() {
      mode = 'refuse';
      const stopped = stopListening();
      cutAll();
      await stopped;
    },
    silence() {
      mode = 'silent';
      for (const link of links) hold(link);
    },
    async resume() {
      if (mode === 'refuse') await listen(port);
      mode = 'forward';
      for (const link of links) flow(link);
    },
    async close() {
      cutAll();
      if (listener.listening) await stopListening();
    },
  };
}
