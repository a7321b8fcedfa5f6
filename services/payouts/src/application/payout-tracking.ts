import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  DomainError,
  type IssueTrackLinkCommand,
  type TrackLinkIssued,
  type TrackView,
  type ViewTrackCommand,
} from '@platform/contracts';
import { TrackLinks } from '@platform/persistence';
import { SERVICE_POOL } from '@platform/runtime';
import { payoutTrack } from '../domain/payout-track';
import { PayoutsRepository } from '../infrastructure/payouts.repository';

/** Public track links of payouts: the owner asks for one; the page shows status and dates. */
@Injectable()
export class PayoutTracking {
  private readonly links: TrackLinks;

  constructor(
    @Inject(SERVICE_POOL) pool: Pool,
    private readonly payouts: PayoutsRepository,
  ) {
    this.links = new TrackLinks(pool, 'po');
  }

  async issue(command: IssueTrackLinkCommand): Promise<TrackLinkIssued> {
    const record = await this.find(command.resource_id);
    if (!record || record.account_id !== command.account_id)
      throw new DomainError('not_found', 'payout not found');
    return { code: await this.links.issue(command) };
  }

  async view(command: ViewTrackCommand): Promise<TrackView> {
    const tracked = await this.links.resolve(command.code);
    const record = tracked ? await this.find(tracked.resource_id) : null;
    if (!record) throw new DomainError('not_found', 'no such track code');
    return payoutTrack(record);
  }

  private find(payout_id: string) {
    return /^[0-9a-f-]{36}$/i.test(payout_id) ? this.payouts.find(payout_id) : null;
  }
}
