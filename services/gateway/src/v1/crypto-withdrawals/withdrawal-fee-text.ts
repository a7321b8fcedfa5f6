import { CRYPTO_WITHDRAWAL_FEES } from '@platform/contracts';

/** The fee table as the OpenAPI text shows it: `tron USDT 1.000000, eth USDT 5.000000, ...`. */
export const WITHDRAWAL_FEE_TABLE_TEXT = Object.entries(CRYPTO_WITHDRAWAL_FEES)
  .flatMap(([chain, fees]) =>
    Object.entries(fees).map(([asset, fee]) => `${chain} ${asset} ${fee}`),
  )
  .join(', ');
