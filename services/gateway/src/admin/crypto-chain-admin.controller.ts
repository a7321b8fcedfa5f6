import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { z } from 'zod';
import {
  CRYPTO_DEPOSIT_COMMANDS,
  DomainError,
  reportBroadcastBody,
  reportObservationBody,
} from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { ApiReply, ValidatedBody } from '../http';
import { OperatorGuard } from './operator.guard';

const DEFAULT_BROADCASTS_LISTED = 100;
const MAX_BROADCASTS_LISTED = 500;

/**
 * The operator's feed of the live chain (decisions D9: the platform reaches no chain). They list
 * the broadcasts waiting to be signed and sent outside the platform, report the tx id each was
 * sent under, and report what they see on chain (deposits included): seen, confirmed, failed.
 * They also release or reject deposits held for their sender's risk.
 * Every field is checked by the service (chain, asset, addresses of the chain, amount).
 */
@ApiExcludeController()
@UseGuards(OperatorGuard)
@Controller('admin/v1/crypto')
export class CryptoChainAdminController {
  constructor(private readonly bus: BusClient) {}

  @Get('broadcasts')
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.pending_broadcasts)
  broadcasts(@Query('limit') limit: unknown) {
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.pending_broadcasts, { limit: listLimit(limit) });
  }

  @Post('broadcasts/:reference/tx')
  @HttpCode(200)
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.report_broadcast)
  reportBroadcast(
    @Param('reference') reference: string,
    @ValidatedBody(reportBroadcastBody) body: z.infer<typeof reportBroadcastBody>,
  ) {
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.report_broadcast, { reference, ...body });
  }

  /** A deposit held for its sender's risk: `release` credits it, `reject` keeps it out. */
  @Post('deposits/:deposit_id/:decision')
  @HttpCode(200)
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.decide_hold)
  decideHold(@Param('deposit_id') deposit_id: string, @Param('decision') decision: string) {
    if (decision !== 'release' && decision !== 'reject')
      throw new DomainError('not_found', 'no such route');
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.decide_hold, { deposit_id, decision });
  }

  @Post('observations')
  @HttpCode(201)
  @ApiReply(CRYPTO_DEPOSIT_COMMANDS.report_observation, 201)
  reportObservation(
    @ValidatedBody(reportObservationBody) body: z.infer<typeof reportObservationBody>,
  ) {
    return this.bus.send(CRYPTO_DEPOSIT_COMMANDS.report_observation, body);
  }
}

function listLimit(text: unknown): number {
  if (text === undefined) return DEFAULT_BROADCASTS_LISTED;
  const limit = typeof text === 'string' && /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (limit < 1 || limit > MAX_BROADCASTS_LISTED)
    throw new DomainError('invalid_request', `limit must be 1 to ${MAX_BROADCASTS_LISTED}`);
  return limit;
}
