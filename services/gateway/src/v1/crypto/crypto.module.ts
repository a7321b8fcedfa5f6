import { Module } from '@nestjs/common';
import { SandboxOnlyGuard } from '../payins/sandbox-deposits.controller';
import { AddressScreeningsController } from './address-screenings.controller';
import {
  CryptoDepositsController,
  SandboxCryptoDepositsController,
} from './crypto-deposits.controller';
import { CryptoWalletsController } from './crypto-wallets.controller';

/** The public crypto deposit surface: wallets, deposits, sandbox deposits, address screening. */
@Module({
  controllers: [
    CryptoWalletsController,
    CryptoDepositsController,
    SandboxCryptoDepositsController,
    AddressScreeningsController,
  ],
  providers: [SandboxOnlyGuard],
})
export class CryptoApiModule {}
