import { Module } from '@nestjs/common';
import { PublicSignatureProofsController } from './public-signature-proofs.controller';
import { SegregatedWalletsController } from './segregated-wallets.controller';
import { SignatureProofsController } from './signature-proofs.controller';
import { WalletLinksController } from './wallet-links.controller';
// Segregated wallets on chain (issue 15, part S).
import { SegregatedWalletChainController } from './segregated-wallet-chain.controller';
import { SandboxWalletMovementsController } from './sandbox-wallet-movements.controller';

/** The public wallet surfaces: /v1/wallet-links, /v1/segregated-wallets, /v1/signature-proofs. */
@Module({
  controllers: [
    WalletLinksController,
    SegregatedWalletsController,
    SignatureProofsController,
    PublicSignatureProofsController,
    // Segregated wallets on chain (issue 15, part S).
    SegregatedWalletChainController,
    SandboxWalletMovementsController,
  ],
})
export class WalletsApiModule {}
