import { CRYPTO_WITHDRAWAL_FEES } from '@platform/contracts';
import { Money } from '@platform/money';
import type { Chain, ChainAsset } from '../chains/chain';

/** Every chain of `CHAINS` has a fee for each asset it carries (checked by the compiler). */
const FEES: { [C in Chain]: Record<string, string> } = CRYPTO_WITHDRAWAL_FEES;

/** The flat fee of one withdrawal of `asset` on `chain`, in `asset` (see the table's reasons). */
export function withdrawalFee(chain: Chain, asset: ChainAsset): Money {
  const fee = FEES[chain][asset];
  if (fee === undefined) throw new Error(`no withdrawal fee for ${asset} on ${chain}`);
  return Money.parse(asset, fee);
}
