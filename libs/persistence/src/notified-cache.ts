import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import { ChannelHub } from './channel-hub';

export interface NotifiedCacheOptions {
  /**
   * The channel the database's triggers notify when a row read through the cache changes; each
   * notification's payload is the changed row's tags, separated by spaces.
   */
  channel: string;
  /** The most answers kept; the least recently used go first. */
  capacity: number;
  /** How long an answer is kept at most, however quiet the channel. */
  ttl_ms: number;
  /** How long to wait before listening again after the listening connection was lost. */
  rejoin_after_ms?: number;
}

interface Entry {
  value: object;
  tags: readonly string[];
}

type Listening = 'no' | 'joining' | 'yes';

/**
 * Answers of reads kept until the database says that a row they came from changed. Each answer
 * is kept with tags (`s:<session id>`, `a:<account id>`: names of the rows it was read from), and
 * triggers on those rows notify `channel` with the changed row's tags, which drop every answer
 * carrying one. Three rules keep a dropped answer from coming back:
 * - nothing is kept unless the channel is listened to (a lost connection may have missed
 *   notifications, so losing it forgets everything);
 * - an answer is not kept when any change was heard while it was being read: it may predate that
 *   change, and its notification is already gone;
 * - a notification arrives after its commit, so a process that changed rows itself calls
 *   `forgetAll` before it answers, and its next read cannot see the answer from before.
 */
export class NotifiedCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly keys_by_tag = new Map<string, Set<string>>();
  /** Counts every change heard (and every forgetting): a read that saw it move keeps nothing. */
  private changes_heard = 0;
  private listening: Listening = 'no';
  private stop_listening: (() => Promise<void>) | null = null;
  private rejoin_at_ms = 0;
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: NotifiedCacheOptions,
  ) {
    this.entries = new LRUCache<string, Entry>({
      max: options.capacity,
      ttl: options.ttl_ms,
      dispose: (entry, key) => this.untag(key, entry.tags),
    });
  }

  /** Listens on the channel; until it does, every read goes to the database. */
  async start(): Promise<void> {
    await this.join();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.forget();
    const stop = this.stop_listening;
    this.stop_listening = null;
    this.listening = 'no';
    await stop?.();
  }

  /** Nest's name for `start`: a cache given as a provider listens from the module's init. */
  onModuleInit(): Promise<void> {
    return this.start();
  }

  /** Nest's name for `close`: a cache given as a provider stops listening at shutdown. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /**
   * The answer kept for `key`, or `load`'s, kept with `tagsOf` it unless it is null or a change
   * was heard while loading.
   */
  async read<V extends object>(
    key: string,
    load: () => Promise<V | null>,
    tagsOf: (value: V) => readonly string[],
  ): Promise<V | null> {
    if (this.listening === 'yes') {
      const kept = this.entries.get(key);
      if (kept) return kept.value as V;
    } else {
      this.rejoinInTime();
    }
    const changes_before = this.changes_heard;
    const value = await load();
    if (value !== null && this.listening === 'yes' && this.changes_heard === changes_before) {
      const tags = tagsOf(value);
      this.entries.set(key, { value, tags });
      for (const tag of tags) {
        const keys = this.keys_by_tag.get(tag) ?? new Set<string>();
        keys.add(key);
        this.keys_by_tag.set(tag, keys);
      }
    }
    return value;
  }

  /** This process changed rows the cache may hold: nothing read before is answered again. */
  forgetAll(): void {
    this.forget();
  }

  /** The number of answers kept. */
  get size(): number {
    return this.entries.size;
  }

  private changed(payload: string): void {
    this.changes_heard += 1;
    for (const tag of payload.split(' ')) {
      const keys = this.keys_by_tag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.entries.delete(key);
    }
  }

  private forget(): void {
    this.changes_heard += 1;
    this.entries.clear();
    this.keys_by_tag.clear();
  }

  private untag(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keys_by_tag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keys_by_tag.delete(tag);
    }
  }

  private async join(): Promise<void> {
    if (this.closed || this.listening !== 'no') return;
    this.listening = 'joining';
    try {
      const stop = await ChannelHub.of(this.pool).listen(this.options.channel, {
        notified: (payload) => this.changed(payload),
        lost: () => this.lost(),
      });
      if (this.closed || this.listening !== 'joining') {
        await stop();
        return;
      }
      // Whatever was read before listening may have missed a notification.
      this.forget();
      this.stop_listening = stop;
      this.listening = 'yes';
    } catch {
      this.lost();
    }
  }

  private lost(): void {
    this.forget();
    this.stop_listening = null;
    this.listening = 'no';
    this.rejoin_at_ms = Date.now() + (this.options.rejoin_after_ms ?? 1_000);
  }

  private rejoinInTime(): void {
    if (this.listening !== 'no' || Date.now() < this.rejoin_at_ms) return;
    void this.join();
  }
}
