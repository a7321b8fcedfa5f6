import { randomUUID } from 'node:crypto';
import {
  DomainError,
  IdempotencyKey,
  localDayRange,
  POS_CHARGE_STATUSES,
  POS_SUMMARY_GROUPINGS,
  type GetPosChargeCommand,
  type ListPosChargesCommand,
  type PosChargeView,
  type PosRefundReply,
  type PosSummary,
  type PosSummaryCommand,
  type RecordSandboxPosChargeCommand,
  type RefundPosChargeCommand,
} from '@platform/contracts';
import { isAsset, Money } from '@platform/money';
import {
  decidePos,
  evolvePos,
  posChargeView,
  readSandboxPosCharge,
  type PosCharge,
} from '../domain/pos-charge';
import type { PosRefund, PosRepository, PosTotalsRow } from '../infrastructure/pos.repository';
import type { IdentityPort, LedgerPort } from './ports';

/** Thrown inside the refund's transaction when a concurrent request with the key won. */
class RefundKeyTaken extends Error {}

/**
 * POS charges: recorded as their terminals report them (the sandbox's route in test), credited
 * to the merchant account once received; refunds debit it.
 */
export class PosService {
  constructor(
    private readonly pos: PosRepository,
    private readonly ledger: LedgerPort,
    private readonly identity: IdentityPort,
  ) {}

  async recordSandboxCharge(command: RecordSandboxPosChargeCommand): Promise<PosChargeView> {
    const reported = readSandboxPosCharge(command.body);
    if (await this.pos.isTerminalDisabled(command.account_id, reported.terminal_id))
      throw new DomainError('merchant_disabled', 'this terminal is disabled');
    const charge: PosCharge = {
      charge_id: randomUUID(),
      account_id: command.account_id,
      org_id: command.org_id,
      terminal_id: reported.terminal_id,
      currency: reported.currency,
      amount: reported.amount.toString(),
      status: reported.status,
      refunded_amount: '0',
      created_at: new Date(),
    };
    return this.pos.transaction(async (client) => {
      const stored = await this.pos.insert(client, charge);
      await this.pos.publish(client, stored, [
        {
          type: 'payins.pos_charge_recorded',
          data: {
            charge_id: stored.charge_id,
            account_id: stored.account_id,
            terminal_id: stored.terminal_id,
            currency: stored.currency,
            amount: charge.amount,
            status: stored.status,
          },
        },
      ]);
      // Credited before the charge commits: a failed credit leaves no charge behind, and a
      // retried credit replays by its operation id.
      if (stored.status === 'received')
        await this.ledger.credit({
          account_id: stored.account_id,
          operation_id: `pos-charge:${stored.charge_id}`,
          asset: stored.currency,
          amount: charge.amount,
          kind: 'pos_charge',
          reference_id: stored.charge_id,
        });
      return posChargeView(stored);
    });
  }

  async disableTerminal(command: { account_id: string; terminal_id: string }) {
    await this.pos.disableTerminal(command.account_id, command.terminal_id);
    return { terminal_id: command.terminal_id, status: 'disabled' as const };
  }

  async get(query: GetPosChargeCommand): Promise<PosChargeView> {
    return posChargeView(await this.owned(query.account_id, query.charge_id));
  }

  async list(query: ListPosChargesCommand): Promise<{ charges: PosChargeView[] }> {
    if (query.status && !POS_CHARGE_STATUSES.some((status) => status === query.status))
      throw new DomainError(
        'invalid_status',
        `status must be one of ${POS_CHARGE_STATUSES.join(', ')}`,
      );
    const rows = await this.pos.list({
      account_id: query.account_id,
      terminal_id: query.terminal_id || undefined,
      status: query.status || undefined,
      ...(await this.range(query)),
      limit: query.limit,
      offset: query.offset,
    });
    return { charges: rows.map(posChargeView) };
  }

  /** Received charges only; days are the organization's. */
  async summary(query: PosSummaryCommand): Promise<PosSummary> {
    const group_by = POS_SUMMARY_GROUPINGS.find((known) => known === (query.group_by ?? 'day'));
    if (!group_by)
      throw new DomainError(
        'invalid_request',
        `group_by must be one of ${POS_SUMMARY_GROUPINGS.join(', ')}`,
      );
    const timezone = await this.identity.organizationTimezone(query.org_id);
    const filter = {
      account_id: query.account_id,
      ...localDayRange(query.from, query.to, timezone),
    };
    const { totals, groups } = await this.pos.summary(filter, group_by, timezone);
    return {
      from: query.from ?? null,
      to: query.to ?? null,
      timezone,
      group_by,
      totals: totals.map(({ key: _all, ...row }) => totalsOf(row)),
      groups: groups.map((row) => ({ key: row.key, ...totalsOf(row) })),
    };
  }

  async refund(
    command: RefundPosChargeCommand,
  ): Promise<{ refund: PosRefundReply; created: boolean }> {
    const idempotency_key = IdempotencyKey.require(command.body.idempotency_key);
    const owned = await this.owned(command.account_id, command.charge_id);
    const requested = command.body.amount;
    const fingerprint = JSON.stringify([
      owned.charge_id,
      requested === undefined || requested === null
        ? 'all'
        : Money.parseInput(owned.currency, requested).toString(),
    ]);
    const replay = await this.replayOf(command.account_id, idempotency_key, fingerprint);
    if (replay) return { refund: replay, created: false };
    try {
      const refund = await this.refundOnce(owned, command, idempotency_key, fingerprint);
      return { refund, created: true };
    } catch (error) {
      if (!(error instanceof RefundKeyTaken)) throw error;
      const winner = await this.replayOf(command.account_id, idempotency_key, fingerprint);
      if (!winner) throw new DomainError('service_unavailable', 'the refund was not stored');
      return { refund: winner, created: false };
    }
  }

  private refundOnce(
    owned: PosCharge,
    command: RefundPosChargeCommand,
    idempotency_key: string,
    fingerprint: string,
  ): Promise<PosRefundReply> {
    return this.pos.transaction(async (client) => {
      const charge = await this.pos.lock(client, owned.charge_id);
      if (!charge) throw new DomainError('not_found', 'POS charge not found');
      const terminal_disabled = await this.pos.isTerminalDisabled(
        charge.account_id,
        charge.terminal_id,
      );
      const events = decidePos(
        { type: 'refund', requested_amount: command.body.amount, terminal_disabled },
        charge,
      );
      const after = events.reduce(evolvePos, charge);
      const [refunded] = events;
      const refund: PosRefund = {
        refund_id: randomUUID(),
        charge_id: charge.charge_id,
        amount: refunded.data.amount.toString(),
        fingerprint,
        created_at: new Date(),
      };
      const inserted = await this.pos.insertRefund(client, {
        ...refund,
        account_id: charge.account_id,
        idempotency_key,
      });
      if (!inserted) throw new RefundKeyTaken();
      // Deterministic per refund: a retry after a crash replays the same ledger debit.
      await this.ledger.debit({
        account_id: charge.account_id,
        operation_id: `pos-refund:${charge.charge_id}:${charge.refunded_amount}`,
        asset: charge.currency,
        amount: refund.amount,
        kind: 'pos_refund',
        reference_id: charge.charge_id,
      });
      const stored = await this.pos.setRefunded(client, after);
      await this.pos.publish(client, stored, [
        {
          type: 'payins.pos_charge_refunded',
          data: {
            charge_id: stored.charge_id,
            account_id: stored.account_id,
            currency: stored.currency,
            amount: refund.amount,
            refunded_total: refunded.data.refunded_total.toString(),
          },
        },
      ]);
      return refundReply(stored, refund);
    });
  }

  private async replayOf(
    account_id: string,
    idempotency_key: string,
    fingerprint: string,
  ): Promise<PosRefundReply | null> {
    const original = await this.pos.findRefund(account_id, idempotency_key);
    if (!original) return null;
    if (original.fingerprint !== fingerprint)
      throw new DomainError(
        'idempotency_conflict',
        'this idempotency_key was used with a different refund',
      );
    return refundReply(await this.owned(account_id, original.charge_id), original);
  }

  private async owned(account_id: string, charge_id: string): Promise<PosCharge> {
    const charge = await this.pos.findOwned(account_id, charge_id);
    if (!charge) throw new DomainError('not_found', 'POS charge not found');
    return charge;
  }

  private async range(query: { org_id: string; from?: string; to?: string }) {
    if (!query.from && !query.to) return {};
    return localDayRange(
      query.from,
      query.to,
      await this.identity.organizationTimezone(query.org_id),
    );
  }
}

function refundReply(charge: PosCharge, refund: PosRefund): PosRefundReply {
  return {
    ...posChargeView(charge),
    refund: {
      refund_id: refund.refund_id,
      amount: Money.parseStored(charge.currency, refund.amount).toString(),
      created_at: refund.created_at.toISOString(),
    },
  };
}

function totalsOf(row: Omit<PosTotalsRow, 'key'>) {
  const asset = row.currency;
  if (!isAsset(asset)) throw new Error(`a POS charge holds an unknown currency ${asset}`);
  const text = (value: string) => Money.parseSigned(asset, value).toString();
  return {
    currency: asset,
    gross: text(row.gross),
    refunded: text(row.refunded),
    net: text(row.net),
    count: Number(row.count),
  };
}
