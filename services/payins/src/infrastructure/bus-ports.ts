import {
  ACCOUNT_COMMANDS,
  IDENTITY_COMMANDS,
  LEDGER_COMMANDS,
  type AccountProfile,
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

/** `ledger.get_settlement` may not exist yet: a short wait, then the default of new accounts. */
const SETTLEMENT_QUERY_TIMEOUT_MS = 2000;
const DEFAULT_PAYIN_ASSET: Asset = 'USD';

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

  async payinAsset(account_id: string): Promise<Asset> {
    try {
      const settlement = await this.bus.send<Record<string, unknown>>(
        'ledger.get_settlement',
        { account_id },
        { timeout_ms: SETTLEMENT_QUERY_TIMEOUT_MS },
      );
      const asset = settlement.payin_settlement_asset ?? settlement.default_payin_asset;
      return isAsset(asset) ? asset : DEFAULT_PAYIN_ASSET;
    } catch {
      // No settlement query served (or no answer in time): new accounts' default (§1 rule 4).
      return DEFAULT_PAYIN_ASSET;
    }
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
