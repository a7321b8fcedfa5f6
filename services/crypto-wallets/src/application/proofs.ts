import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import {
  DomainError,
  localDayRange,
  parseFilterDates,
  type CreateSignatureProofCommand,
  type ListSignatureProofsCommand,
  type PublicSignatureProof,
  type SignatureProofRefCommand,
  type SignatureProofResource,
} from '@platform/contracts';
import type { PgEventStore } from '@platform/event-store';
import { withTransaction } from '@platform/persistence';
import type { Network } from '../domain/chains/chain';
import { verifyMessage } from '../domain/chains/message-signatures';
import {
  decideRevoke,
  isProofCode,
  proofCodeOf,
  purposeOf,
  statementOf,
  statusFilterOf,
} from '../domain/proofs/proof-rules';
import type {
  ProofRow,
  SignatureProofsRepository,
} from '../infrastructure/proofs/signature-proofs.repository';
import type { SegregatedWallets } from './segregated';

/** Where an organization's calendar days begin (its time zone), for the date filters. */
export interface OrganizationTimezones {
  timezoneOf(org_id: string): Promise<string>;
}

const STANDARD_OF = { eth: 'EIP-191', tron: 'TIP-191' } as const;

export function verifyUrlOf(base_url: string, proof_code: string): string {
  return `${base_url.replace(/\/+$/, '')}/v1/public/signature-proofs/${proof_code}`;
}

function proofResource(row: ProofRow, base_url: string): SignatureProofResource {
  return {
    proof_id: row.proof_id,
    proof_code: row.proof_code,
    verify_url: verifyUrlOf(base_url, row.proof_code),
    status: row.status,
    wallet_id: row.wallet_id,
    signature: row.signature,
    address: row.address,
    chain: row.chain,
    statement: row.statement,
    purpose: row.purpose,
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** Signature proofs (decisions D9): sign a statement, list, read, revoke, verify in public. */
export class SignatureProofs {
  constructor(
    private readonly pool: Pool,
    private readonly proofs: SignatureProofsRepository,
    private readonly wallets: SegregatedWallets,
    private readonly events: PgEventStore,
    private readonly timezones: OrganizationTimezones,
    private readonly network: Network,
  ) {}

  async create(command: CreateSignatureProofCommand): Promise<SignatureProofResource> {
    const statement = statementOf(command.statement);
    const purpose = purposeOf(command.purpose);
    const { wallet, signature } = await this.wallets.sign(
      command.account_id,
      command.wallet_id,
      statement,
    );
    const row = await withTransaction(this.pool, async (client) => {
      const created = await this.proofs.insert(client, {
        proof_id: randomUUID(),
        proof_code: proofCodeOf(randomBytes(16)),
        account_id: command.account_id,
        org_id: wallet.org_id,
        wallet_id: wallet.wallet_id,
        chain: wallet.chain,
        address: wallet.address,
        statement,
        purpose,
        signature,
        status: 'signed',
        created_at: new Date(),
      });
      await this.events.appendInTransaction(
        client,
        `signature-proof-${created.proof_id}`,
        [
          {
            type: 'crypto-wallets.wallet_signature_created',
            data: {
              proof_id: created.proof_id,
              proof_code: created.proof_code,
              wallet_id: created.wallet_id,
              account_id: created.account_id,
              chain: created.chain,
              address: created.address,
              purpose: created.purpose,
              status: 'signed',
              created_at: created.created_at.toISOString(),
            },
            org_id: created.org_id,
            account_id: created.account_id,
          },
        ],
        { expected_version: 'any' },
      );
      return created;
    });
    return proofResource(row, command.base_url);
  }

  async list(command: ListSignatureProofsCommand) {
    const dates = parseFilterDates(command);
    const status = statusFilterOf(command.status);
    const purpose = command.purpose?.trim() || undefined;
    const range =
      dates.from || dates.to
        ? localDayRange(dates.from, dates.to, await this.timezones.timezoneOf(command.org_id))
        : {};
    const rows = await this.proofs.list(
      command.account_id,
      { ...range, ...(status ? { status } : {}), ...(purpose ? { purpose } : {}) },
      command.limit,
      command.offset,
    );
    return { proofs: rows.map((row) => proofResource(row, command.base_url)) };
  }

  async get(command: SignatureProofRefCommand): Promise<SignatureProofResource> {
    const row = await this.proofs.get(command.account_id, command.proof_id);
    if (!row) throw new DomainError('not_found', 'no such signature proof');
    return proofResource(row, command.base_url);
  }

  async revoke(command: SignatureProofRefCommand): Promise<SignatureProofResource> {
    const row = await withTransaction(this.pool, async (client) => {
      const current = await this.proofs.get(command.account_id, command.proof_id, client);
      if (!current) throw new DomainError('not_found', 'no such signature proof');
      const decision = decideRevoke(current.status);
      switch (decision.kind) {
        case 'revoke':
          return this.proofs.revoke(client, current.proof_id, new Date());
        case 'unchanged':
          return current;
        default: {
          const unhandled: never = decision;
          throw new Error(`unknown decision ${String(unhandled)}`);
        }
      }
    });
    return proofResource(row, command.base_url);
  }

  /** The public page's content: the stored proof with its signature checked again now. */
  async verify(proof_code: string): Promise<PublicSignatureProof> {
    const row = isProofCode(proof_code) ? await this.proofs.byCode(proof_code) : null;
    if (!row) throw new DomainError('not_found', 'no such signature proof');
    return {
      proof_code: row.proof_code,
      status: row.status,
      verified: verifyMessage(row.chain, this.network, row.statement, row.address, row.signature),
      statement: row.statement,
      purpose: row.purpose,
      address: row.address,
      chain: row.chain,
      signature: row.signature,
      signed_message_standard: STANDARD_OF[row.chain],
      created_at: row.created_at.toISOString(),
      revoked_at: row.revoked_at?.toISOString() ?? null,
    };
  }
}
