import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PAYINS_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply } from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';

/** What an organization admin does to the payins of its organization (spec §3 card settlement). */
@ApiTags('organization')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org/payins')
export class OrgPayinsController {
  constructor(private readonly bus: BusClient) {}

  @Post(':id/release-settlement')
  @HttpCode(200)
  @ApiReply(PAYINS_COMMANDS.release_settlement)
  @ApiOperation({
    summary: 'Release a scheduled card settlement early',
    description:
      'Organization admins only (account credentials: 403 `org_admin_required`). Credits a card ' +
      'payin whose settlement is scheduled (`settlement_pending: true`) now instead of at ' +
      '`settle_at`, emitting `payin_credited`; answers the payin. A payin of another ' +
      'organization is 404 `not_found`; one not paid yet is 409 `payin_not_credited`; releasing ' +
      'an already settled payin answers it unchanged.',
  })
  release(@CurrentOrgAdmin() admin: OrgAdminPrincipal, @Param('id') payin_id: string) {
    return this.bus.send(PAYINS_COMMANDS.release_settlement, { payin_id, org_id: admin.org_id });
  }
}
