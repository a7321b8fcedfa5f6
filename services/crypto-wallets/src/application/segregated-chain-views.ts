import Big from 'big.js';
import { DomainError, type ExternalMovementCommand } from '@platform/contracts';
import { Money } from '@platform/money';
import { NATIVE_COINS, type Chain } from '../domain/chains/chain';
import { networkFee } from '../domain/chains/fees';
import { covers, parseCoinAmount, rawAmount } from '../domain/wallet-sends/coin-amount';
import { requireGas } from '../domain/wallet-sends/gas';
import type {
  ChainWallet,
  MovementRow,
  SegregatedChainRepository,
} from '../infrastructure/segregated-chain.repository';
import type { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import type { ObservedAsset } from './chain-port';

/** The other end of a sandbox external movement: an address nobody on the platform holds. */
const SANDBOX_COUNTERPARTIES = {
  tron: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
  eth: '0x52908400098527886E0F7030069857D2E4169EE7',
  btc: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
} as const satisfies Record<Chain, string>;

type Page = { limit: number; offset: number };

/** Reads of a segregated wallet on chain, its auto-forward setting and sandbox movements. */
export class SegregatedChainViews {
  constructor(
    private readonly repository: SegregatedChainRepository,
    /** Null in live, where only the chain moves coins. */
    private readonly sandbox: SandboxChain | null,
  ) {}

  async balance(account_id: string, wallet_id: string) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const native_coin = NATIVE_COINS[wallet.chain];
    const holdings = await this.repository.holdings(wallet, native_coin);
    const pending = new Big(holdings.pending_incoming);
    return {
      wallet_id: wallet.wallet_id,
      chain: wallet.chain,
      asset: wallet.asset,
      balance: new Big(holdings.balance).toString(),
      native_coin,
      native_balance: new Big(holdings.native_balance).toString(),
      ...(pending.gt(0) ? { pending_incoming: pending.toString() } : {}),
    };
  }

  async deposits(account_id: string, wallet_id: string, page: Page) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const rows = await this.repository.movements(wallet.wallet_id, {
      ...page,
      deposits_only: true,
    });
    return { deposits: rows.map((row) => depositView(wallet, row)) };
  }

  async transactions(account_id: string, wallet_id: string, page: Page) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const rows = await this.repository.movements(wallet.wallet_id, {
      ...page,
      deposits_only: false,
    });
    return { transactions: rows.map((row) => transactionView(wallet, row)) };
  }

  async autoForward(account_id: string, wallet_id: string) {
    const wallet = await this.walletOf(account_id, wallet_id);
    return { wallet_id: wallet.wallet_id, enabled: await this.repository.autoForward(wallet_id) };
  }

  async setAutoForward(account_id: string, wallet_id: string, enabled: boolean) {
    const wallet = await this.walletOf(account_id, wallet_id);
    await this.repository.setAutoForward(wallet.wallet_id, enabled);
    return { wallet_id: wallet.wallet_id, enabled };
  }

  /**
   * Sandbox: a transfer at the wallet that the platform did not make, in the wallet's asset or
   * the chain's native coin. It reaches the chain's next block like any transfer.
   */
  async externalMovement(command: ExternalMovementCommand) {
    if (!this.sandbox) throw new DomainError('not_found', 'no such route');
    const wallet = await this.walletOf(command.account_id, command.wallet_id);
    const direction = command.direction;
    if (direction !== 'in' && direction !== 'out')
      throw new DomainError('invalid_payload', 'direction must be `in` or `out`');
    const native_coin = NATIVE_COINS[wallet.chain];
    const asset: ObservedAsset =
      command.asset === undefined || command.asset === wallet.asset
        ? wallet.asset
        : command.asset === native_coin
          ? native_coin
          : invalidAsset(wallet);
    const amount =
      asset === wallet.asset
        ? Money.parseInput(wallet.asset, command.amount).toString()
        : parseCoinAmount(wallet.chain, command.amount);
    if (direction === 'out') await this.requireHeld(wallet, asset, amount);
    const outside = SANDBOX_COUNTERPARTIES[wallet.chain];
    const [from_address, to_address] =
      direction === 'in' ? [outside, wallet.address] : [wallet.address, outside];
    const transfer = await this.sandbox.submitInbound({
      chain: wallet.chain,
      asset,
      from_address,
      to_address,
      amount,
    });
    return {
      wallet_id: wallet.wallet_id,
      chain: wallet.chain,
      asset,
      direction,
      amount,
      tx_id: transfer.tx_id ?? '',
      from_address,
      to_address,
    } as const;
  }

  private async requireHeld(wallet: ChainWallet, asset: string, amount: string): Promise<void> {
    const holdings = await this.repository.holdings(wallet, NATIVE_COINS[wallet.chain]);
    const held = asset === wallet.asset ? holdings.balance : holdings.native_balance;
    if (!covers(held, amount))
      throw new DomainError('insufficient_funds', `the wallet holds ${held} ${asset}`);
    // The outflow pays the chain's fee from the wallet's native coin, like any transfer.
    const native_left = new Big(holdings.native_balance).minus(asset === wallet.asset ? 0 : amount);
    requireGas({
      chain: wallet.chain,
      native_balance: native_left.toString(),
      network_fee: networkFee(wallet.chain).amount,
    });
  }

  private async walletOf(account_id: string, wallet_id: string): Promise<ChainWallet> {
    const wallet = await this.repository.wallet(account_id, wallet_id);
    if (!wallet) throw new DomainError('not_found', 'no such segregated wallet');
    return wallet;
  }
}

function invalidAsset(wallet: ChainWallet): never {
  throw new DomainError(
    'invalid_asset',
    `asset must be ${wallet.asset} or ${NATIVE_COINS[wallet.chain]}`,
  );
}

function depositView(wallet: ChainWallet, row: MovementRow) {
  return {
    deposit_id: row.movement_id,
    wallet_id: wallet.wallet_id,
    chain: wallet.chain,
    asset: row.asset,
    tx_id: row.tx_id,
    from_address: row.counterparty_address,
    amount: new Big(row.amount).toString(),
    amount_raw: rawAmount(row.asset, row.amount),
    status: row.status,
    forward: row.forward_status
      ? { status: row.forward_status, send_id: row.forward_send_id, reason: row.forward_reason }
      : null,
    created_at: row.created_at.toISOString(),
  };
}

function transactionView(wallet: ChainWallet, row: MovementRow) {
  return {
    transaction_id: row.movement_id,
    wallet_id: wallet.wallet_id,
    direction: row.direction,
    kind: row.kind,
    chain: wallet.chain,
    asset: row.asset,
    tx_id: row.tx_id,
    counterparty_address: row.counterparty_address,
    amount: new Big(row.amount).toString(),
    amount_raw: rawAmount(row.asset, row.amount),
    network_fee: row.network_fee === null ? null : new Big(row.network_fee).toString(),
    status: row.status,
    send_id: row.send_id,
    created_at: row.created_at.toISOString(),
  };
}
