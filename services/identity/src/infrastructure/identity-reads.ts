import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';
import { NotifiedCache } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';

/** The channel migration 016's triggers notify with the tags of a changed row. */
const READS_CHANNEL = 'identity_reads';
/** Enough for every session busy at once on one process; an answer is a few hundred bytes. */
const READS_KEPT = 20_000;
/** A bound on what a notification lost without its connection dropping could cost. */
const READ_KEPT_MS = 60_000;

/**
 * The answers of identity's hottest reads, asked on every request that moves money (is the
 * session live, who is the recipient), kept until a row they came from changes (migration 016
 * tells of every change, whoever makes it). Rows this process changes are forgotten at once by
 * `ForgetReadsAfterChanges`, before the command that changed them answers.
 */
@Injectable()
export class IdentityReads implements OnModuleInit, OnModuleDestroy {
  private readonly cache: NotifiedCache;

  constructor(@Inject(SERVICE_POOL) pool: Pool) {
    this.cache = new NotifiedCache(pool, {
      channel: READS_CHANNEL,
      capacity: READS_KEPT,
      ttl_ms: READ_KEPT_MS,
    });
  }

  /** The kept answer of `key`, or `load`'s, kept with the tags of the rows it was read from. */
  read<V extends object>(
    key: string,
    load: () => Promise<V | null>,
    tagsOf: (value: V) => readonly string[],
  ): Promise<V | null> {
    return this.cache.read(key, load, tagsOf);
  }

  forgetAll(): void {
    this.cache.forgetAll();
  }

  async onModuleInit(): Promise<void> {
    await this.cache.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.cache.close();
  }
}
