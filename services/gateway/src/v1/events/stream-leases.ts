import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  DomainError,
  MAX_LEASES_PER_RENEWAL,
  STREAM_LEASE_COMMANDS,
  type AnyCommand,
  type CommandInput,
  type CommandReply,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import type { AuthenticatedPrincipal } from '../../auth/principal';
import { GATEWAY_SETTINGS, type GatewaySettings } from '../../gateway.settings';

/** A stream opening waits this long for the limits' answer before it is refused with 503. */
const LEASE_COMMAND_TIMEOUT_MS = 10_000;

/** One open stream's slot, held by this gateway. */
export class StreamLease {
  private released = false;
  private on_lost: () => void = () => undefined;

  constructor(
    readonly lease_id: string,
    private readonly give_back: (lease: StreamLease) => void,
  ) {}

  /** What ends the stream should the lease lapse (its slot may have been taken meanwhile). */
  whenLost(end_stream: () => void): void {
    this.on_lost = end_stream;
  }

  lost(): void {
    this.on_lost();
  }

  /** The stream ended: the slot is free at once, for every gateway. Only the first call counts. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.give_back(this);
  }
}

/**
 * The stream limits of spec §8 and §7 (openings per address, concurrent streams per account
 * and per organization), held by the notifications service for every gateway of the
 * environment: this gateway takes a lease per stream, renews all of its leases on the
 * heartbeat, and closes a lease when its stream ends. A gateway that dies stops renewing and
 * its leases expire. When the limits cannot be asked, the stream is refused (503
 * `stream_unavailable`) rather than opened without a ceiling.
 */
@Injectable()
export class StreamLeases implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('stream-leases');
  private readonly held = new Map<string, StreamLease>();
  /** Close commands on their way: shutdown waits for them so the slots free at once. */
  private readonly closing = new Set<Promise<unknown>>();
  private renew_every_ms: number;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly bus: BusClient,
    @Inject(GATEWAY_SETTINGS) private readonly settings: GatewaySettings,
  ) {
    this.renew_every_ms = settings.EVENTS_STREAM_HEARTBEAT_MS;
  }

  onModuleInit(): void {
    this.scheduleRenewal();
  }

  /** A gateway that stops gives its slots back rather than leave them to expire. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const lease of [...this.held.values()]) lease.release();
    await Promise.allSettled([...this.closing]);
  }

  /** Takes a slot for `caller`'s new stream from `client_ip`; 429 or 503 when it cannot. */
  async open(caller: AuthenticatedPrincipal, client_ip: string): Promise<StreamLease> {
    const reply = await this.ask(STREAM_LEASE_COMMANDS.open_lease, {
      client_ip,
      org_id: caller.org_id,
      ...(caller.kind === 'org_admin'
        ? { admin_id: caller.admin_id }
        : { account_id: caller.account_id }),
    });
    // On the heartbeat, and at least three times per lease life: one missed renewal costs nothing.
    this.renew_every_ms = Math.min(
      this.settings.EVENTS_STREAM_HEARTBEAT_MS,
      Math.max(1, Math.floor(reply.lease_ms / 3)),
    );
    const lease = new StreamLease(reply.lease_id, (released) => this.giveBack(released));
    this.held.set(lease.lease_id, lease);
    return lease;
  }

  private async ask<C extends AnyCommand>(
    command: C,
    payload: CommandInput<C>,
  ): Promise<CommandReply<C>> {
    try {
      return await this.bus.send(command, payload, { timeout_ms: LEASE_COMMAND_TIMEOUT_MS });
    } catch (error) {
      if (
        error instanceof DomainError &&
        (error.code === 'too_many_streams' || error.code === 'rate_limited')
      ) {
        throw error;
      }
      this.logger.warn(`stream limits not reachable: ${String(error)}`);
      throw new DomainError('stream_unavailable', 'the event stream cannot be opened now; retry');
    }
  }

  private giveBack(lease: StreamLease): void {
    this.held.delete(lease.lease_id);
    const closed = this.bus
      .send(
        STREAM_LEASE_COMMANDS.close_lease,
        { lease_id: lease.lease_id },
        { timeout_ms: LEASE_COMMAND_TIMEOUT_MS },
      )
      .catch((error: unknown) => {
        // Not lost: the lease runs out by itself, since nobody renews it any more.
        this.logger.warn(`stream lease left to expire: ${String(error)}`);
      })
      .finally(() => this.closing.delete(closed));
    this.closing.add(closed);
  }

  private scheduleRenewal(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.renewHeld().finally(() => this.scheduleRenewal());
    }, this.renew_every_ms);
    this.timer.unref();
  }

  private async renewHeld(): Promise<void> {
    const lease_ids = [...this.held.keys()];
    for (let start = 0; start < lease_ids.length; start += MAX_LEASES_PER_RENEWAL) {
      const batch = lease_ids.slice(start, start + MAX_LEASES_PER_RENEWAL);
      try {
        const reply = await this.bus.send(
          STREAM_LEASE_COMMANDS.renew_leases,
          { lease_ids: batch },
          { timeout_ms: LEASE_COMMAND_TIMEOUT_MS },
        );
        for (const lease_id of reply.lost_lease_ids) this.endLost(lease_id);
      } catch (error) {
        // The lease outlives a few missed renewals; the next heartbeat tries again.
        this.logger.warn(`stream leases not renewed: ${String(error)}`);
      }
    }
  }

  /** Its slot may be someone else's now: the client reconnects with Last-Event-ID. */
  private endLost(lease_id: string): void {
    const lease = this.held.get(lease_id);
    if (!lease) return;
    this.held.delete(lease_id);
    lease.lost();
  }
}
