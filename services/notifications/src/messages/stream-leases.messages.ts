import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  closeStreamLeaseCommand,
  openStreamLeaseCommand,
  parseCommand,
  renewStreamLeasesCommand,
  STREAM_LEASE_COMMANDS,
  type CloseStreamLeaseReply,
  type OpenStreamLeaseReply,
  type RenewStreamLeasesReply,
} from '@platform/contracts';
import { StreamLeasesService } from '../application/stream-leases.service';

/** The leases gateways take for `GET /v1/events` streams: one ceiling for all of them. */
@Controller()
export class StreamLeasesMessages {
  constructor(private readonly leases: StreamLeasesService) {}

  @MessagePattern(STREAM_LEASE_COMMANDS.open_lease)
  open(@Payload() payload: unknown): Promise<OpenStreamLeaseReply> {
    const request = parseCommand(openStreamLeaseCommand, payload);
    return this.leases.open({
      client_ip: request.client_ip,
      org_id: request.org_id,
      caller:
        'account_id' in request
          ? { account_id: request.account_id }
          : { admin_id: request.admin_id },
    });
  }

  @MessagePattern(STREAM_LEASE_COMMANDS.renew_leases)
  async renew(@Payload() payload: unknown): Promise<RenewStreamLeasesReply> {
    const request = parseCommand(renewStreamLeasesCommand, payload);
    return { lost_lease_ids: await this.leases.renew(request.lease_ids) };
  }

  @MessagePattern(STREAM_LEASE_COMMANDS.close_lease)
  async close(@Payload() payload: unknown): Promise<CloseStreamLeaseReply> {
    const request = parseCommand(closeStreamLeaseCommand, payload);
    return { closed: await this.leases.close(request.lease_id) };
  }
}
