import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_SETTINGS_COMMANDS, orgAccountListing } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiPagination,
  ApiReply,
  listingPage,
  pageBody,
  type PaginationQuery,
  parsePagination,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentOrgAdmin, type OrgAdminPrincipal } from '../../auth/principal';

/** Organization admins' view of their organization (decisions D2, spec §5 rule 8). */
@ApiTags('organization')
@ApiCredentials()
@RequireCredentialLevel('org_admin')
@Controller('v1/org')
export class OrgAccountsController {
  constructor(private readonly bus: BusClient) {}

  @Get('accounts')
  @ApiPagination()
  @ApiReply(listingPage('accounts', orgAccountListing))
  @ApiOperation({
    summary: "The organization's accounts",
    description:
      'Organization admins only: account credentials get 403 `org_admin_required`. An ' +
      'organization admin signs in at `POST /v1/auth/login` with `{org, email, password}` and ' +
      'gets `{access_token, expires_at, credential_level: org_admin, admin_id, org_id}` (24 ' +
      'hours, no refresh token); account routes answer it 403 `account_required`. Answers ' +
      '`{page, page_size, has_more, accounts: [{id, type, display_name, email, country, status, ' +
      'kyc_status, created_at}]}`, newest first.',
  })
  async list(@CurrentOrgAdmin() admin: OrgAdminPrincipal, @Query() query: PaginationQuery) {
    const pagination = parsePagination(query);
    const reply = await this.bus.send(ACCOUNT_SETTINGS_COMMANDS.list_org_accounts, {
      org_id: admin.org_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('accounts', pagination, reply.accounts);
  }
}
