import { Client, type ClientConfig, type Notification, type Pool } from 'pg';

/** Told of a channel's notifications, and of the loss of the connection that listens for them. */
export interface ChannelListener {
  /** A notification of the channel, with its payload ('' when it carried none). */
  notified(payload: string): void;
  /** The listening connection is gone: notifications may have been missed; listen again. */
  lost(error: Error): void;
}

/**
 * One LISTEN connection per database for every listener of the process (event-store
 * subscriptions, outbox relays, job queues' workers). PostgreSQL wakes every listening backend of a database on each
 * NOTIFY, whatever its channels: with a connection per listener, each append woke them all (a
 * dozen per service set), which cost the server more than some appends. A hub listens on the
 * union of its listeners' channels, and closes its connection when the last one leaves. When the
 * connection is lost, every listener is told and the hub starts afresh on the next listen.
 */
export class ChannelHub {
  private static readonly hubs = new Map<string, ChannelHub>();

  /** The hub of the pool's database (pools of one database with other options share it). */
  static of(pool: Pool): ChannelHub {
    const config = (pool as unknown as { options: ClientConfig }).options;
    const key = JSON.stringify([
      config.connectionString,
      config.host,
      config.port,
      config.database,
      config.user,
    ]);
    let hub = ChannelHub.hubs.get(key);
    if (!hub) {
      hub = new ChannelHub(config);
      ChannelHub.hubs.set(key, hub);
    }
    return hub;
  }

  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private client: Client | null = null;
  /** The channels the current connection listens on. */
  private listening = new Set<string>();
  /** LISTEN, UNLISTEN, connect and close, one at a time and in order. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly config: ClientConfig) {}

  /** Resolves once the channel is listened on; the returned function stops listening. */
  async listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
    const listeners = this.listeners.get(channel) ?? new Set<ChannelListener>();
    listeners.add(listener);
    this.listeners.set(channel, listeners);
    try {
      await this.inTurn(async () => {
        if (!this.listeners.get(channel)?.has(listener)) return;
        const client = await this.connected();
        if (this.listening.has(channel)) return;
        await client.query(`listen ${quoted(channel)}`);
        this.listening.add(channel);
      });
    } catch (error) {
      this.leave(channel, listener);
      throw error;
    }
    return () => this.unlisten(channel, listener);
  }

  private async unlisten(channel: string, listener: ChannelListener): Promise<void> {
    if (!this.leave(channel, listener)) return;
    await this.inTurn(async () => {
      const client = this.client;
      if (client === null) return;
      if (this.listeners.size === 0) {
        this.client = null;
        await client.end().catch(() => undefined);
      } else if (!this.listeners.has(channel) && this.listening.delete(channel)) {
        await client.query(`unlisten ${quoted(channel)}`).catch(() => undefined);
      }
    });
  }

  /** Removes the listener; true when it was the channel's last. */
  private leave(channel: string, listener: ChannelListener): boolean {
    const listeners = this.listeners.get(channel);
    if (!listeners?.delete(listener)) return false;
    if (listeners.size > 0) return false;
    this.listeners.delete(channel);
    return true;
  }

  private async connected(): Promise<Client> {
    if (this.client !== null) return this.client;
    const client = new Client({ ...this.config, application_name: 'event-notifications' });
    client.on('notification', (message: Notification) => {
      for (const listener of this.listeners.get(message.channel) ?? [])
        listener.notified(message.payload ?? '');
    });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client, new Error('the notification connection ended')));
    await client.connect();
    this.client = client;
    this.listening = new Set();
    return client;
  }

  /** The connection is gone: everyone listening is told, and must listen again. */
  private drop(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    const everyone = [...this.listeners.values()].flatMap((listeners) => [...listeners]);
    this.listeners.clear();
    for (const listener of everyone) listener.lost(error);
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work);
    this.queue = turn.catch(() => undefined);
    return turn;
  }
}

/** A channel name as an SQL identifier (LISTEN takes no parameters). */
function quoted(channel: string): string {
  return `"${channel.replace(/"/g, '""')}"`;
}
