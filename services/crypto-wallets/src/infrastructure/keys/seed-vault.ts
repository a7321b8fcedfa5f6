import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Keyring } from '@platform/keyring';
import { addressFromPublicKey } from '../../domain/chains/addresses';
import type { Chain, Network } from '../../domain/chains/chain';
import {
  derivationPath,
  deriveKeyPair,
  type KeyPair,
  type KeyPurpose,
} from '../../domain/chains/hd-keys';

const SEED_LENGTH_BYTES = 64;
const SEED_ASSOCIATED_DATA = 'hd-seed';

/** An address the platform holds the key of, and where that key sits in the HD tree. */
export interface DerivedAddress {
  chain: Chain;
  address: string;
  derivation_path: string;
}

/**
 * The environment's HD seed, created on first use and stored only sealed by the keyring. It
 * hands out fresh addresses (an index is never reused, even when the caller's transaction
 * rolls back, since gaps cost nothing) and the key pair of a path, for signing. Private keys
 * live only in memory, for the length of one signature.
 */
export class SeedVault {
  private seed: Promise<Uint8Array> | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly keyring: Keyring,
    private readonly network: Network,
  ) {}

  /** A fresh address of `chain` for `purpose`, in `client`'s transaction when given. */
  async nextAddress(
    chain: Chain,
    purpose: KeyPurpose,
    client?: PoolClient,
  ): Promise<DerivedAddress> {
    const { rows } = await (client ?? this.pool).query<{ index: number }>(
      `insert into address_indexes (chain, purpose, next_index) values ($1, $2, 1)
       on conflict (chain, purpose) do update set next_index = address_indexes.next_index + 1
       returning next_index - 1 as index`,
      [chain, purpose],
    );
    const index = rows[0]?.index ?? 0;
    const derivation_path = derivationPath(chain, this.network, purpose, index);
    const { public_key } = await this.keyPairAt(derivation_path);
    return {
      chain,
      derivation_path,
      address: addressFromPublicKey(chain, this.network, public_key),
    };
  }

  async keyPairAt(derivation_path: string): Promise<KeyPair> {
    return deriveKeyPair(await this.loadSeed(), derivation_path);
  }

  private loadSeed(): Promise<Uint8Array> {
    this.seed ??= this.readOrCreateSeed().catch((error: unknown) => {
      this.seed = null;
      throw error;
    });
    return this.seed;
  }

  private async readOrCreateSeed(): Promise<Uint8Array> {
    const sealed = this.keyring.encrypt(randomBytes(SEED_LENGTH_BYTES), SEED_ASSOCIATED_DATA);
    // Two processes racing on first use both read the one row that won.
    await this.pool.query(
      'insert into hd_seed (seed_sealed) values ($1) on conflict (singleton) do nothing',
      [sealed],
    );
    const { rows } = await this.pool.query<{ seed_sealed: string }>(
      'select seed_sealed from hd_seed',
    );
    const stored = rows[0]?.seed_sealed;
    if (!stored) throw new Error('the HD seed row is missing after insert');
    return Uint8Array.from(this.keyring.decrypt(stored, SEED_ASSOCIATED_DATA));
  }
}
