import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import { InMemoryRateLimitStore } from '../../http';
import { EVENTS_SETTINGS, type EventsSettings } from './events-settings';

/**
 * Spec section 8 and section 7: openings per hour per client address (429 `rate_limited`)
 * and concurrent streams per account and per organization (429 `too_many_streams`). Counted
 * by this gateway process: with N gateways behind a balancer the effective ceilings are up to
 * N times these numbers.
 */
@Injectable()
export class StreamLimits {
  private readonly openings = new InMemoryRateLimitStore();
  private readonly per_account = new Map<string, number>();
  private readonly per_org = new Map<string, number>();

  constructor(@Inject(EVENTS_SETTINGS) private readonly settings: EventsSettings) {}

  /**
   * Counts an opening and takes a slot; the returned function gives the slot back once.
   * `holder_id` is the account, or for an organization admin `org_admin:<admin_id>` (an
   * admin's own streams are capped like an account's); every stream counts against `org_id`.
   */
  open(client_ip: string, holder_id: string, org_id: string): () => void {
    const policy = {
      per_second: this.settings.openings_per_hour / 3600,
      burst: this.settings.openings_per_hour,
    };
    if (!this.openings.consumeNow(`ip:${client_ip}`, policy).allowed) {
      throw new DomainError('rate_limited', 'too many stream openings from this address');
    }
    if ((this.per_account.get(holder_id) ?? 0) >= this.settings.max_streams_per_account) {
      throw new DomainError('too_many_streams', 'too many open streams for this credential');
    }
    if ((this.per_org.get(org_id) ?? 0) >= this.settings.max_streams_per_org) {
      throw new DomainError('too_many_streams', 'too many open streams for this organization');
    }
    increment(this.per_account, holder_id, 1);
    increment(this.per_org, org_id, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      increment(this.per_account, holder_id, -1);
      increment(this.per_org, org_id, -1);
    };
  }
}

function increment(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
