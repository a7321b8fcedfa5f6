import type { Pool, PoolClient } from 'pg';
import type { SignatureProofStatus } from '@platform/contracts';
import type { MessageChain } from '../../domain/chains/message-signatures';

export interface ProofRow {
  proof_id: string;
  proof_code: string;
  account_id: string;
  org_id: string;
  wallet_id: string;
  chain: MessageChain;
  address: string;
  statement: string;
  purpose: string;
  signature: string;
  status: SignatureProofStatus;
  created_at: Date;
  revoked_at: Date | null;
}

export interface ProofFilters {
  from?: Date;
  to?: Date;
  status?: SignatureProofStatus;
  purpose?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = `proof_id::text, proof_code, account_id, org_id, wallet_id::text, chain, address,
  statement, purpose, signature, status, created_at, revoked_at`;

/** Signature proofs; a proof's code is its public name. */
export class SignatureProofsRepository {
  constructor(private readonly pool: Pool) {}

  async insert(client: PoolClient, proof: Omit<ProofRow, 'revoked_at'>): Promise<ProofRow> {
    const { rows } = await client.query<ProofRow>(
      `insert into signature_proofs (proof_id, proof_code, account_id, org_id, wallet_id, chain,
         address, statement, purpose, signature, status, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${COLUMNS}`,
      [
        proof.proof_id,
        proof.proof_code,
        proof.account_id,
        proof.org_id,
        proof.wallet_id,
        proof.chain,
        proof.address,
        proof.statement,
        proof.purpose,
        proof.signature,
        proof.status,
        proof.created_at,
      ],
    );
    const row = rows[0];
    if (!row) throw new Error('insert returned no proof');
    return row;
  }

  async list(
    account_id: string,
    filters: ProofFilters,
    limit: number,
    offset: number,
  ): Promise<ProofRow[]> {
    const { rows } = await this.pool.query<ProofRow>(
      `select ${COLUMNS} from signature_proofs
        where account_id = $1
          and ($2::timestamptz is null or created_at >= $2)
          and ($3::timestamptz is null or created_at < $3)
          and ($4::text is null or status = $4)
          and ($5::text is null or purpose = $5)
        order by created_at desc, proof_id limit $6 offset $7`,
      [
        account_id,
        filters.from ?? null,
        filters.to ?? null,
        filters.status ?? null,
        filters.purpose ?? null,
        limit,
        offset,
      ],
    );
    return rows;
  }

  /** The account's proof (locked in `client`'s transaction when given); another's is null. */
  async get(account_id: string, proof_id: string, client?: PoolClient): Promise<ProofRow | null> {
    if (!UUID.test(proof_id)) return null;
    const { rows } = await (client ?? this.pool).query<ProofRow>(
      `select ${COLUMNS} from signature_proofs where proof_id = $1 and account_id = $2
       ${client ? 'for update' : ''}`,
      [proof_id, account_id],
    );
    return rows[0] ?? null;
  }

  async byCode(proof_code: string): Promise<ProofRow | null> {
    const { rows } = await this.pool.query<ProofRow>(
      `select ${COLUMNS} from signature_proofs where proof_code = $1`,
      [proof_code],
    );
    return rows[0] ?? null;
  }

  async revoke(client: PoolClient, proof_id: string, now: Date): Promise<ProofRow> {
    const { rows } = await client.query<ProofRow>(
      `update signature_proofs set status = 'revoked', revoked_at = $2 where proof_id = $1
       returning ${COLUMNS}`,
      [proof_id, now],
    );
    const row = rows[0];
    if (!row) throw new Error('revoke returned no proof');
    return row;
  }
}
