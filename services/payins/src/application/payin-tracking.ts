import type { Pool } from 'pg';
import {
  DomainError,
  type IssueTrackLinkCommand,
  type TrackLinkIssued,
  type TrackView,
  type ViewTrackCommand,
} from '@platform/contracts';
import { TrackLinks } from '@platform/persistence';
import { payinTrack } from '../domain/payin-track';
import type { PayinsRepository } from '../infrastructure/payins.repository';

/** Public track links of payins: the owner asks for one; the page shows status and dates. */
export class PayinTracking {
  private readonly links: TrackLinks;

  constructor(
    pool: Pool,
    private readonly payins: PayinsRepository,
  ) {
    this.links = new TrackLinks(pool, 'pi');
  }

  async issue(command: IssueTrackLinkCommand): Promise<TrackLinkIssued> {
    const payin = await this.payins.findOwned(command.account_id, command.resource_id);
    if (!payin) throw new DomainError('not_found', 'payin not found');
    return { code: await this.links.issue(command) };
  }

  async view(command: ViewTrackCommand): Promise<TrackView> {
    const tracked = await this.links.resolve(command.code);
    const payin = tracked
      ? await this.payins.findOwned(tracked.account_id, tracked.resource_id)
      : null;
    if (!payin) throw new DomainError('not_found', 'no such track code');
    return payinTrack(payin);
  }
}
