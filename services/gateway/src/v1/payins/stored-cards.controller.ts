import { Controller, Delete, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { PAYINS_COMMANDS, storedCardView } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import {
  ApiCredentials,
  ApiReply,
  listingPage,
  pageBody,
  parsePagination,
  ValidatedQuery,
  ApiPagination,
} from '../../http';
import { RequireCredentialLevel, RequireRole } from '../../auth/access.decorators';
import { CurrentPrincipal, type Principal } from '../../auth/principal';

const pageQuery = z.object({ page: z.unknown().optional(), page_size: z.unknown().optional() });

/**
 * Stored cards (spec §4): a card payin created with `save_card: true` stores its card once it
 * is paid; `POST /v1/payins` with `method: card` and `instrument_id` charges it again.
 */
@ApiTags('payins')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/payins/cards')
export class StoredCardsController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @ApiPagination()
  @ApiReply(listingPage('cards', storedCardView))
  @ApiOperation({
    summary: 'List the account’s stored cards, newest first',
    description:
      '`{page, page_size, has_more, cards: [{instrument_id, brand, last4, exp_month, exp_year, country, ' +
      'currency, status (active, revoked), source_payin_id, created_at, revoked_at}]}`. A card ' +
      'is saved by a paid card payin created with `save_card: true` (the sandbox saves its test ' +
      'card, see the `sandbox` tag). Charge one with `POST /v1/payins` `{method: "card", instrument_id, ' +
      'country, currency, amount, customer?, idempotency_key?, glosa?}`: no hosted page, the ' +
      'card is charged at once (201 `pending` with `instructions.type: stored_card`, credited ' +
      'at the simulator’s next tick; the sandbox amount endings apply). It needs approved ' +
      'verification (403 `verification_required`); a revoked card answers 422 ' +
      '`stored_card_revoked`, a country or currency other than the card’s corridor 422 ' +
      '`stored_card_corridor_mismatch`, another account’s card 404 `not_found`.',
  })
  async list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    const pagination = parsePagination(query);
    const { cards } = await this.bus.send(PAYINS_COMMANDS.list_stored_cards, {
      account_id: principal.account_id,
      limit: pagination.limit,
      offset: pagination.offset,
    });
    return pageBody('cards', pagination, cards);
  }

  @Delete(':id')
  @RequireRole('operator')
  @ApiReply(PAYINS_COMMANDS.revoke_stored_card)
  @ApiOperation({
    summary: 'Revoke a stored card',
    description:
      'Answers the card with `status: revoked`; revoking again answers the same. Charges to a ' +
      'revoked card answer 422 `stored_card_revoked`. Another account’s card is 404 `not_found`.',
  })
  revoke(@CurrentPrincipal() principal: Principal, @Param('id') instrument_id: string) {
    return this.bus.send(PAYINS_COMMANDS.revoke_stored_card, {
      account_id: principal.account_id,
      instrument_id,
    });
  }
}
