import { Module } from '@nestjs/common';
import { WalletLinksController } from './wallet-links.controller';

/** The public wallet surfaces: /v1/wallet-links, /v1/segregated-wallets, /v1/signature-proofs. */
@Module({ controllers: [WalletLinksController] })
export class WalletsApiModule {}
