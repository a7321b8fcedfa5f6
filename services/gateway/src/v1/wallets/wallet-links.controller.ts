import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  createWalletLinkChallengeBody,
  verifyWalletLinkBody,
  WALLET_LINK_COMMANDS,
  walletLinkResource,
  type CreateWalletLinkChallengeBody,
  type VerifyWalletLinkBody,
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

/** External wallet links (decisions D9): prove control of an address by signing a challenge. */
@ApiTags('wallet-links')
@ApiCredentials()
@RequireCredentialLevel('account')
@Controller('v1/wallet-links')
export class WalletLinksController {
  constructor(private readonly bus: BusClient) {}

  @Post('challenges')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Ask a wallet-link challenge',
    description:
      'Answers a message naming the account, the address, a nonce and the expiry (10 minutes). ' +
      'Sign it with the wallet (EIP-191 `personal_sign` on eth, TRON `signMessageV2` on tron) ' +
      'and send the signature to `/v1/wallet-links/verify`. `chain` other than `tron` or ' +
      '`eth`: 400 `unsupported_chain`; an address that is not one of the chain: 400 `invalid_payload`.',
  })
  @ApiZodBody(createWalletLinkChallengeBody)
  @ApiReply(WALLET_LINK_COMMANDS.create_challenge, 201)
  @ApiErrors(
    'unsupported_chain',
    'invalid_payload',
    'invalid_request',
    'invalid_json',
    'unauthorized',
  )
  challenge(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(createWalletLinkChallengeBody) body: CreateWalletLinkChallengeBody,
  ) {
    return this.bus.send(WALLET_LINK_COMMANDS.create_challenge, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      chain: body.chain,
      address: body.address,
    });
  }

  @Post('verify')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Link a wallet with its signature',
    description:
      "Links the challenge's address when `signature` is that address's signature of the " +
      'challenge message (emits `wallet_linked`); any other signature: 400 `invalid_payload`. ' +
      'A challenge that has expired or already linked: 409 `challenge_not_pending`. Another ' +
      "account's challenge: 404 `not_found`.",
  })
  @ApiZodBody(verifyWalletLinkBody)
  @ApiReply(WALLET_LINK_COMMANDS.verify, 201)
  @ApiErrors(
    'invalid_payload',
    'invalid_request',
    'invalid_json',
    'unauthorized',
    'not_found',
    'challenge_not_pending',
  )
  verify(
    @CurrentPrincipal() principal: Principal,
    @ValidatedBody(verifyWalletLinkBody) body: VerifyWalletLinkBody,
  ) {
    return this.bus.send(WALLET_LINK_COMMANDS.verify, {
      account_id: principal.account_id,
      org_id: principal.org_id,
      challenge_id: body.challenge_id,
      signature: body.signature,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'List linked wallets',
    description: 'Newest first; `page`, `page_size`.',
  })
  @ApiZodQuery(pageQuery)
  @ApiReply(listingPage('links', walletLinkResource))
  @ApiErrors('invalid_request', 'unauthorized')
  list(
    @CurrentPrincipal() principal: Principal,
    @ValidatedQuery(pageQuery) query: z.infer<typeof pageQuery>,
  ) {
    return accountListing(this.bus, {
      command: WALLET_LINK_COMMANDS.list,
      collection: 'links',
      principal,
      query,
    });
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Unlink a wallet',
    description: "The link stops counting at once. Another account's link: 404 `not_found`.",
  })
  @ApiReply(WALLET_LINK_COMMANDS.delete)
  @ApiErrors('unauthorized', 'not_found')
  delete(@CurrentPrincipal() principal: Principal, @Param('id') link_id: string) {
    return this.bus.send(WALLET_LINK_COMMANDS.delete, {
      account_id: principal.account_id,
      link_id,
    });
  }
}
