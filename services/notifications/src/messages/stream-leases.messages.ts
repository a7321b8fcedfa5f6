import { Controller } from '@nestjs/common';
import {
  STREAM_LEASE_COMMANDS,
  type CloseStreamLeaseCommand,
  type OpenStreamLeaseCommand,
  type RenewStreamLeasesCommand,
} from '@platform/contracts';
import { Handles } from '@platform/messaging';
import { StreamLeasesService } from '../application/stream-leases.service';

/** The leases gateways take for `GET /v1/events` streams: one ceiling for all of them. */
@Controller()
export class StreamLeasesMessages {
  constructor(private readonly leases: StreamLeasesService) {}

  @Handles(STREAM_LEASE_COMMANDS.open_lease)
  open(request: OpenStreamLeaseCommand) {
    return this.leases.open({
      client_ip: request.client_ip,
      org_id: request.org_id,
      caller:
        'account_id' in request
          ? { account_id: request.account_id }
          : { admin_id: request.admin_id },
    });
  }

  @Handles(STREAM_LEASE_COMMANDS.renew_leases)
  async renew(request: RenewStreamLeasesCommand) {
    return { lost_lease_ids: await this.leases.renew(request.lease_ids) };
  }

  @Handles(STREAM_LEASE_COMMANDS.close_lease)
  async close(request: CloseStreamLeaseCommand) {
    return { closed: await this.leases.close(request.lease_id) };
  }
}
