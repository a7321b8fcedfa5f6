export { PayoutsModule, payoutsService } from './payouts.module';
export { encodePixQr, decodePixQr } from './domain/emv-qr';
