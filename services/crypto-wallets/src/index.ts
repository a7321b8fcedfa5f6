export { CryptoWalletsModule, cryptoWalletsService } from './crypto-wallets.module';
