import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type OpenStreamLeaseReply } from '@platform/contracts';
import { holderOf, type StreamCaller } from '../domain/stream-admission';
import {
  NOTIFICATIONS_SETTINGS,
  streamLimitsOf,
  type NotificationsSettings,
} from '../notifications.settings';
import { StreamLeasesRepository } from '../infrastructure/stream-leases.repository';

/** The stream limits of every gateway of this environment (spec §8 and §7). */
@Injectable()
export class StreamLeasesService {
  constructor(
    private readonly leases: StreamLeasesRepository,
    @Inject(NOTIFICATIONS_SETTINGS) private readonly settings: NotificationsSettings,
  ) {}

  async open(request: {
    client_ip: string;
    org_id: string;
    caller: StreamCaller;
  }): Promise<OpenStreamLeaseReply> {
    const outcome = await this.leases.open(
      { client_ip: request.client_ip, holder_id: holderOf(request.caller), org_id: request.org_id },
      streamLimitsOf(this.settings),
      this.settings.EVENTS_STREAM_LEASE_MS,
    );
    if ('refused' in outcome) throw new DomainError(outcome.refused.code, outcome.refused.message);
    return { lease_id: outcome.lease_id, lease_ms: this.settings.EVENTS_STREAM_LEASE_MS };
  }

  renew(lease_ids: string[]): Promise<string[]> {
    return this.leases.renew(lease_ids, this.settings.EVENTS_STREAM_LEASE_MS);
  }

  close(lease_id: string): Promise<boolean> {
    return this.leases.close(lease_id);
  }
}
