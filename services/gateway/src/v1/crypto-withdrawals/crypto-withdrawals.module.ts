import { Module } from '@nestjs/common';
import { CryptoWithdrawalsController } from './crypto-withdrawals.controller';

/** The public /v1/crypto/withdrawals surface. */
@Module({ controllers: [CryptoWithdrawalsController] })
export class CryptoWithdrawalsApiModule {}
