import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACCOUNT_SETTINGS_COMMANDS } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiCredentials, ApiReply } from '../../http';
import { CurrentPrincipal, type Principal } from '../../auth/principal';

/** What the account's organization and identity say about it (spec §4 "Account"); any role reads. */
@ApiTags('account')
@ApiCredentials()
@Controller('v1')
export class AccountInfoController {
  constructor(private readonly bus: BusClient) {}

  @Get('branding')
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.get_branding)
  @ApiOperation({
    summary: "The organization's branding",
    description:
      'Answers `{name, slug, timezone, default_locale, logo_url, colors}`: `timezone` (IANA name) ' +
      'is the zone of every `from`/`to` date filter; `logo_url` is null and `colors` empty when ' +
      'the organization set none (`colors` holds its `*_color` entries, such as `primary_color`).',
  })
  branding(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.get_branding, {
      account_id: principal.account_id,
    });
  }

  @Get('services')
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.get_services)
  @ApiOperation({
    summary: 'Services enabled for the account',
    description:
      'Answers `{services: [{name, enabled, disabled_reason}]}` for `payouts`, `payins`, ' +
      '`transfers`, `swaps`, `crypto`, `webhooks`, `api_keys` and `members`, in that order. ' +
      '`disabled_reason` is the error the service answers while off: `account_blocked` (the ' +
      'platform operator blocked the account: every service is off), `verification_required` (payins before an approved identity verification), ' +
      '`company_only` (members of a person account); null when enabled.',
  })
  services(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.get_services, {
      account_id: principal.account_id,
    });
  }

  @Get('integration-status')
  @ApiReply(ACCOUNT_SETTINGS_COMMANDS.get_integration_status)
  @ApiOperation({
    summary: 'Integration eligibility of the account',
    description:
      'Answers `{account_id, livemode, account_status, kyc_status, api_keys_count, checks, ' +
      'missing, eligible}`. `account_status` is `active`, or `blocked` by the platform operator. ' +
      '`checks` holds `account_active`, `identity_verified` (KYC/KYB ' +
      'approved) and `api_key_issued` (at least one live API key); `missing` lists the unmet ' +
      'ones and `eligible` is true when none is.',
  })
  integrationStatus(@CurrentPrincipal() principal: Principal) {
    return this.bus.send(ACCOUNT_SETTINGS_COMMANDS.get_integration_status, {
      account_id: principal.account_id,
    });
  }
}
