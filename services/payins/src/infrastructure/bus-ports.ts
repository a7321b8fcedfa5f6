import {
  ACCOUNT_COMMANDS,
  type AccountProfile,
  DomainError,
  IDENTITY_COMMANDS,
  LEDGER_COMMANDS,
  type Organization,
} from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import { isAsset, type Asset } from '@platform/money';
import type {
  IdentityPort,
  LedgerMovement,
  LedgerPort,
  LedgerTransfer,
} from '../application/ports';
import type { RateTableView } from '../domain/conversion';

/** A short wait: a worker step retries later, a client retries with the same key. */
const SETTLEMENT_QUERY_TIMEOUT_MS = 2000;

export class BusLedgerPort implements LedgerPort {
  private rate_table: RateTableView | null = null;

  constructor(private readonly bus: BusClient) {}

  async credit(movement: LedgerMovement): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.credit_funds, movement);
  }

  async debit(movement: LedgerMovement): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.debit_funds, movement);
  }

  async transfer(movement: LedgerTransfer): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.transfer_funds, movement);
  }

  /** The rate table is configuration: read once per process. */
  async rates(): Promise<RateTableView> {
    this.rate_table ??= await this.bus.send(LEDGER_COMMANDS.get_rates, {});
    return this.rate_table;
  }

  /**
   * The ledger answers every account's settlement (USD for one it never saw, spec §1 rule 4):
   * when it cannot, the credit waits. A default here would credit the wrong asset for good.
   */
  async payinAsset(account_id: string): Promise<Asset> {
    const settlement = await this.bus
      .send(
        LEDGER_COMMANDS.get_settlement,
        { account_id },
        { timeout_ms: SETTLEMENT_QUERY_TIMEOUT_MS },
      )
      .catch((cause: unknown) => {
        throw new SettlementUnavailable(cause);
      });
    if (!isAsset(settlement.payin_settlement_asset))
      throw new Error(`the ledger answered no asset: ${settlement.payin_settlement_asset}`);
    return settlement.payin_settlement_asset;
  }
}

/**
 * Spec §7 503 `recovery_pending`: nothing was credited and the same request may be retried. The
 * failure is the ledger's, not the payin's: workers retry it without counting it against the
 * payin (`retriable`, read by the poison guard), so it is never set aside for it.
 */
export class SettlementUnavailable extends DomainError {
  readonly retriable = true;

  constructor(override readonly cause: unknown) {
    super(
      'recovery_pending',
      "the account's settlement asset could not be read; nothing was credited: retry later",
    );
    this.name = 'SettlementUnavailable';
  }
}

export class BusIdentityPort implements IdentityPort {
  constructor(private readonly bus: BusClient) {}

  async kycStatus(account_id: string): Promise<string> {
    return (await this.profile(account_id)).kyc_status;
  }

  async accountType(account_id: string): Promise<string> {
    return (await this.profile(account_id)).type;
  }

  async ownerMemberId(account_id: string): Promise<string | null> {
    const { members } = await this.bus.send(ACCOUNT_COMMANDS.list_members, {
      account_id,
      limit: 100,
      offset: 0,
    });
    return (
      members.find((member) => member.role === 'owner' && member.status === 'active')?.id ?? null
    );
  }

  async organizationTimezone(org_id: string): Promise<string> {
    return (await this.organization(org_id))?.timezone ?? 'America/New_York';
  }

  async organizationName(org_id: string): Promise<string | null> {
    return (await this.organization(org_id))?.name ?? null;
  }

  async accountName(account_id: string): Promise<string | null> {
    return (await this.profile(account_id)).display_name;
  }

  private profile(account_id: string): Promise<AccountProfile> {
    return this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id });
  }

  private async organization(org_id: string): Promise<Organization | undefined> {
    const { organizations } = await this.bus.send(IDENTITY_COMMANDS.list_organizations, {});
    return organizations.find((entry) => entry.org_id === org_id);
  }
}
