import { Controller, Param, Put, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { z } from 'zod';
import { OTP_COMMANDS, setOrgOtpPolicyBody } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../../http';
import { OperatorGuard } from '../../admin/operator.guard';

/**
 * The platform operator sets an organization's OTP policy (decisions D2, D7):
 * `{required_actions?, otp_channel_floor?, login_otp_required?, otp_enabled?}`; omitted fields
 * keep their value. `otp_enabled: false` turns one-time codes off altogether: no action or login
 * asks for a code, and challenges and preference changes answer `otp_disabled_for_org`. Operator surface: not in the public API document.
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/organizations')
export class OtpPolicyAdminController {
  constructor(private readonly bus: BusClient) {}

  @Put(':slug/otp-policy')
  @ApiReply(OTP_COMMANDS.set_org_otp_policy)
  setPolicy(
    @Param('slug') slug: string,
    @ValidatedBody(setOrgOtpPolicyBody) body: z.infer<typeof setOrgOtpPolicyBody>,
  ) {
    return this.bus.send(OTP_COMMANDS.set_org_otp_policy, { ...body, org: slug });
  }
}
