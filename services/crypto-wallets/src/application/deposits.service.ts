import {
  CRYPTO_DEPOSIT_STATUSES,
  DomainError,
  type CommandRequest,
  type CRYPTO_DEPOSIT_COMMANDS,
  type CryptoDepositResource,
  type CryptoDepositStatus,
} from '@platform/contracts';
import { Money } from '@platform/money';
import { parseAddress } from '../domain/chains/addresses';
import {
  CHAIN_ASSETS,
  carries,
  isChain,
  type Chain,
  type ChainAsset,
  type Network,
} from '../domain/chains/chain';
import { DEPOSIT_FEE } from '../domain/deposits/deposit';
import type { DepositsRepository, DepositWallet } from '../infrastructure/deposits.repository';
import type { SandboxChain } from '../infrastructure/chain/sandbox-chain';
import type { SeedVault } from '../infrastructure/keys/seed-vault';
import type { ChainPort } from './chain-port';
import { depositView, walletView } from './deposits-view';

type Commands = typeof CRYPTO_DEPOSIT_COMMANDS;

/** A sender the sandbox uses when a simulated deposit names none. */
const SANDBOX_SENDERS = {
  tron: 'TY72iA3SBtrds3QLYsS7LwYfkzXwAXCRWT',
  eth: '0x52908400098527886E0F7030069857D2E4169EE7',
  btc: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
} as const satisfies Record<Chain, string>;

/** Deposit wallets, sandbox deposits and the deposit history of an account (decisions D9). */
export class DepositsService {
  constructor(
    private readonly deposits: DepositsRepository,
    private readonly vault: SeedVault,
    private readonly chain: ChainPort,
    /** Null in live, where deposits arrive from the chain only. */
    private readonly sandbox: SandboxChain | null,
    private readonly network: Network,
  ) {}

  async createWallet(request: CommandRequest<Commands['create_wallet']>) {
    const chain = requireChain(request.chain);
    if (!carries(chain, request.asset))
      throw new DomainError('invalid_asset', `${chain} carries ${carriedOn(chain)}`);
    const asset: ChainAsset = request.asset;
    const existing = await this.deposits.wallet(request.account_id, chain, asset);
    if (existing) return { wallet: walletView(existing), created: false };
    const derived = await this.vault.nextAddress(chain, 'deposit');
    const stored = await this.deposits.insertWallet({
      account_id: request.account_id,
      org_id: request.org_id,
      chain,
      asset,
      address: derived.address,
      derivation_path: derived.derivation_path,
    });
    return { wallet: walletView(stored.wallet), created: stored.created };
  }

  async listWallets(account_id: string) {
    return { wallets: (await this.deposits.wallets(account_id)).map(walletView) };
  }

  async sandboxDeposit(
    request: CommandRequest<Commands['sandbox_deposit']>,
  ): Promise<CryptoDepositResource> {
    if (!this.sandbox) throw new DomainError('not_found', 'no such route');
    const wallet = await this.deposits.accountWalletAt(request.account_id, request.address);
    if (!wallet) throw new DomainError('not_found', 'no deposit wallet at this address');
    const amount = Money.parseInput(wallet.asset, request.amount).toString();
    const from_address = this.sender(wallet, request.from_address);
    const transfer = await this.sandbox.submitInbound({
      chain: wallet.chain,
      asset: wallet.asset,
      from_address,
      to_address: wallet.address,
      amount,
    });
    const tx_id = transfer.tx_id ?? '';
    await this.deposits.openDeposit(wallet, {
      tx_id,
      from_address,
      amount,
      fee: DEPOSIT_FEE,
      confirmations: 0,
    });
    const deposit = await this.deposits.byTransfer(wallet.chain, tx_id, wallet.address);
    if (!deposit) throw new Error('a sandbox deposit vanished after its insert');
    return depositView(deposit, this.chain.requiredConfirmations(wallet.chain));
  }

  async listDeposits(request: CommandRequest<Commands['list_deposits']>) {
    const deposits = await this.deposits.list({
      account_id: request.account_id,
      chain: request.chain === undefined ? undefined : requireChain(request.chain),
      asset: request.asset === undefined ? undefined : requireAsset(request.asset),
      status: request.status === undefined ? undefined : requireStatus(request.status),
      limit: request.limit,
      offset: request.offset,
    });
    return {
      deposits: deposits.map((deposit) =>
        depositView(deposit, this.chain.requiredConfirmations(deposit.chain)),
      ),
    };
  }

  async getDeposit(account_id: string, deposit_id: string): Promise<CryptoDepositResource> {
    const deposit = await this.deposits.find(account_id, deposit_id);
    if (!deposit) throw new DomainError('not_found', 'deposit not found');
    return depositView(deposit, this.chain.requiredConfirmations(deposit.chain));
  }

  private sender(wallet: DepositWallet, from_address: string | undefined): string {
    if (from_address === undefined) return SANDBOX_SENDERS[wallet.chain];
    const parsed = parseAddress(wallet.chain, this.network, from_address);
    if (!parsed)
      throw new DomainError('invalid_payload', `from_address is not a ${wallet.chain} address`);
    return parsed;
  }
}

function requireChain(chain: string): Chain {
  if (!isChain(chain)) throw new DomainError('unsupported_chain', 'chain must be tron, eth or btc');
  return chain;
}

const CARRIED_ASSETS: readonly ChainAsset[] = [
  ...new Set<ChainAsset>(Object.values(CHAIN_ASSETS).flat()),
];

function requireAsset(asset: string): ChainAsset {
  const known = CARRIED_ASSETS.find((candidate) => candidate === asset);
  if (!known) throw new DomainError('invalid_asset', `asset must be ${CARRIED_ASSETS.join(', ')}`);
  return known;
}

function requireStatus(status: string): CryptoDepositStatus {
  const known = CRYPTO_DEPOSIT_STATUSES.find((candidate) => candidate === status);
  if (!known)
    throw new DomainError('invalid_status', `status must be ${CRYPTO_DEPOSIT_STATUSES.join(', ')}`);
  return known;
}

function carriedOn(chain: Chain): string {
  return { tron: 'USDT', eth: 'USDT and USDC', btc: 'BTC' }[chain];
}
