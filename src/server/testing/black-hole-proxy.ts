import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of PostgreSQL that can go silent: while black-holed it accepts nothing new
 * upstream and forwards nothing, but closes nothing either, as a dropped network link or a frozen
 * server looks to the app. Restoring it lets everything held flow on.
 */
export class BlackHoleProxy {
  private server: Server;
  private held: Array<() => void> = [];
  private sockets = new Set<Socket>();
  blackHoled = false;

  constructor(
    private upstreamHost: string,
    private upstreamPort: number,
  ) {
    this.server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => {});
      const link = () => this.link(client);
      if (this.blackHoled) {
        client.pause();
        this.held.push(link);
      } else link();
    });
  }

  private link(client: Socket) {
    // Given up on by the client while held: no session is opened for nobody.
    if (client.destroyed) return;
    const upstream = connect(this.upstreamPort, this.upstreamHost);
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    const relay = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (!this.blackHoled) return void to.write(chunk);
        from.pause();
        this.held.push(() => {
          to.write(chunk);
          from.resume();
        });
      });
    relay(client, upstream);
    relay(upstream, client);
    client.resume();
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.port;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The database URL `target` as reached through this relay. */
  relayedUrl(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  blackHole() {
    this.blackHoled = true;
    for (const socket of this.sockets) socket.pause();
  }

  restore() {
    this.blackHoled = false;
    for (const socket of this.sockets) socket.resume();
    for (const release of this.held.splice(0)) release();
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
