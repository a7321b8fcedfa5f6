import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  ADDRESS_SCREENING_COMMANDS,
  addressScreeningResource,
  screenAddressBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  ApiZodBody,
  ApiZodQuery,
  listingPage,
  ValidatedBody,
  ValidatedQuery,
} from '../../http';
import { RequireCredentialLevel } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';
import { accountListing } from '../account-listing';
import { ApiErrors } from '../aml/api-errors.decorator';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

const SCREEN_DESCRIPTION = [
  'Screens a blockchain address against the platform’s flagged-address lists before you send to',
  'it or accept from it. `risk` is `low`, `medium`, `high` or `severe`;',
  '`categories` say why (empty when low). Every screening is kept for the account (sandbox',
  'addresses: see the `sandbox` tag). Errors: 400',
  '`unsupported_chain`, `invalid_payload` (not an address of the chain), `invalid_json`.',
].join(' ');

/** Address screening (decisions D9). */
@ApiTags('screenings')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/screenings/addresses')
export class AddressScreeningsController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Screen a blockchain address', description: SCREEN_DESCRIPTION })
  @ApiZodBody(screenAddressBody)
  @ApiReply(ADDRESS_SCREENING_COMMANDS.screen, 201)
  @ApiErrors(
    'unsupported_chain',
    'invalid_payload',
    'invalid_json',
    'invalid_request',
    'unauthorized',
  )
  screen(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(screenAddressBody) body: z.infer<typeof screenAddressBody>,
  ) {
    return this.bus.send(ADDRESS_SCREENING_COMMANDS.screen, {
      account_id: principal.account_id,
      ...body,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List address screenings',
    description: 'The account’s address screenings, newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('screenings', addressScreeningResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: ADDRESS_SCREENING_COMMANDS.list,
      collection: 'screenings',
      principal,
      query,
    });
  }
}
