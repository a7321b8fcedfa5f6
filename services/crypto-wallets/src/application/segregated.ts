import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  type CreateSegregatedWalletCommand,
  type ImportSegregatedWalletCommand,
  type SegregatedWalletResource,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import type { Keyring } from '@platform/keyring';
import { withTransaction } from '@platform/persistence';
import { addressFromPublicKey } from '../domain/chains/addresses';
import type { Network } from '../domain/chains/chain';
import { parsePrivateKey } from '../domain/chains/hd-keys';
import { signMessage } from '../domain/chains/message-signatures';
import {
  assertBelowWalletLimit,
  IMPORTED_WALLET_DEFAULT_ASSET,
  segregatedChainOf,
  walletAssetOf,
  walletLabelOf,
} from '../domain/segregated/wallet-rules';
import type { SeedVault } from '../infrastructure/keys/seed-vault';
import {
  walletResource,
  type NewWallet,
  type SegregatedWalletsRepository,
  type WalletRow,
} from '../infrastructure/segregated/segregated-wallets.repository';

/** A wallet's signature of a message, with the wallet it came from. */
export interface WalletSignature {
  wallet: WalletRow;
  signature: string;
}

/**
 * Segregated wallets (decisions D9): create (platform custody), import (client custody), read,
 * export the key, sign messages. A private key lives in memory only for one signature or one
 * export reply; it is never logged, never put in an event or an error message.
 */
export class SegregatedWallets {
  constructor(
    private readonly pool: Pool,
    private readonly wallets: SegregatedWalletsRepository,
    private readonly vault: SeedVault,
    private readonly keyring: Keyring,
    private readonly events: PgEventStore,
    private readonly network: Network,
  ) {}

  async create(command: CreateSegregatedWalletCommand): Promise<SegregatedWalletResource> {
    const chain = segregatedChainOf(command.chain);
    const asset = walletAssetOf(chain, command.asset);
    const label = walletLabelOf(command.label);
    return withTransaction(this.pool, async (client) => {
      assertBelowWalletLimit(await this.wallets.lockAccount(client, command.account_id));
      const derived = await this.vault.nextAddress(chain, 'segregated', client);
      const row = await this.wallets.insert(client, {
        wallet_id: randomUUID(),
        account_id: command.account_id,
        org_id: command.org_id,
        chain,
        asset,
        address: derived.address,
        label,
        key: { custody: 'platform', derivation_path: derived.derivation_path },
      });
      if (!row) throw new Error('a freshly derived address is already a wallet of the account');
      return walletResource(row);
    });
  }

  async import(command: ImportSegregatedWalletCommand): Promise<SegregatedWalletResource> {
    const chain = segregatedChainOf(command.chain);
    const asset = walletAssetOf(chain, command.asset ?? IMPORTED_WALLET_DEFAULT_ASSET);
    const pair = parsePrivateKey(command.private_key);
    if (!pair)
      throw new DomainError('invalid_payload', 'private_key is not a secp256k1 private key');
    const wallet_id = randomUUID();
    const wallet: NewWallet = {
      wallet_id,
      account_id: command.account_id,
      org_id: command.org_id,
      chain,
      asset,
      address: addressFromPublicKey(chain, this.network, pair.public_key),
      label: walletLabelOf(command.label),
      key: {
        custody: 'client',
        key_sealed: this.keyring.encrypt(Buffer.from(pair.private_key), wallet_id),
      },
    };
    pair.private_key.fill(0);
    return withTransaction(this.pool, async (client) => {
      assertBelowWalletLimit(await this.wallets.lockAccount(client, command.account_id));
      const row = await this.wallets.insert(client, wallet);
      if (!row)
        throw new DomainError('duplicate', 'the account already has a wallet at this address');
      return walletResource(row);
    });
  }

  async list(account_id: string, limit: number, offset: number) {
    const rows = await this.wallets.list(account_id, limit, offset);
    return { wallets: rows.map(walletResource) };
  }

  async get(account_id: string, wallet_id: string): Promise<SegregatedWalletResource> {
    return walletResource(await this.walletOf(account_id, wallet_id));
  }

  /** The wallet's key, answered once; `wallet_key_exported` is committed before the reply. */
  async exportKey(account_id: string, wallet_id: string) {
    const wallet = await this.walletOf(account_id, wallet_id);
    const private_key = await this.privateKeyOf(wallet);
    await withTransaction(this.pool, (client) =>
      this.events.appendInTransaction(
        client,
        `segregated-wallet-${wallet.wallet_id}`,
        [
          {
            type: 'crypto-wallets.wallet_key_exported',
            data: {
              wallet_id: wallet.wallet_id,
              account_id: wallet.account_id,
              chain: wallet.chain,
              asset: wallet.asset,
              address: wallet.address,
            },
            org_id: wallet.org_id,
            account_id: wallet.account_id,
          },
        ],
        { expected_version: 'any' },
      ),
    );
    const answer = Buffer.from(private_key).toString('hex');
    private_key.fill(0);
    return { wallet_id: wallet.wallet_id, address: wallet.address, private_key: answer };
  }

  async signMessage(account_id: string, wallet_id: string, message: string) {
    const { wallet, signature } = await this.sign(account_id, wallet_id, message);
    return { signature, address: wallet.address, chain: wallet.chain, message };
  }

  /** The account's wallet's EIP-191 (eth) or TIP-191 (tron) signature of `message`. */
  async sign(account_id: string, wallet_id: string, message: string): Promise<WalletSignature> {
    const wallet = await this.walletOf(account_id, wallet_id);
    const private_key = await this.privateKeyOf(wallet);
    try {
      return { wallet, signature: signMessage(wallet.chain, private_key, message) };
    } finally {
      private_key.fill(0);
    }
  }

  private async walletOf(account_id: string, wallet_id: string): Promise<WalletRow> {
    const wallet = await this.wallets.get(account_id, wallet_id);
    if (!wallet) throw new DomainError('not_found', 'no such segregated wallet');
    return wallet;
  }

  private async privateKeyOf(wallet: WalletRow): Promise<Uint8Array> {
    const source = await this.wallets.keySource(wallet.wallet_id);
    switch (source.custody) {
      case 'platform':
        return (await this.vault.keyPairAt(source.derivation_path)).private_key;
      case 'client':
        return Uint8Array.from(this.keyring.decrypt(source.key_sealed, wallet.wallet_id));
      default: {
        const unhandled: never = source;
        throw new Error(`unknown custody ${String((unhandled as { custody: unknown }).custody)}`);
      }
    }
  }
}
