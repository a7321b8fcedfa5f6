import {
  ACCOUNT_COMMANDS,
  AML_COMMANDS,
  LEDGER_COMMANDS,
  orgFeeAccountId,
  type AmlScreeningStatus,
  type AssetCode,
} from '@platform/contracts';
import type { BusClient } from '@platform/messaging';
import type { AccountPorts, CardLedger, LedgerMove } from '../application/account-ports';
import { foldName } from '../domain/cardholder-name';

const SCREENINGS_PAGE = 100;
/** Enough pages for any account's screenings; a bound keeps one request from reading forever. */
const MAX_SCREENING_PAGES = 50;

/** Identity, compliance and the ledger over the bus. */
export class BusAccountPorts implements AccountPorts {
  constructor(private readonly bus: BusClient) {}

  async kycStatus(account_id: string): Promise<string> {
    return (await this.bus.send(ACCOUNT_COMMANDS.get_profile, { account_id })).kyc_status;
  }

  async holderScreening(
    account_id: string,
    printed_name: string,
  ): Promise<AmlScreeningStatus | null> {
    for (let page = 0; page < MAX_SCREENING_PAGES; page++) {
      const { screenings } = await this.bus.send(AML_COMMANDS.list_screenings, {
        account_id,
        limit: SCREENINGS_PAGE,
        offset: page * SCREENINGS_PAGE,
      });
      // Newest first: the first screening of the holder is its current one.
      const holder = screenings.find(
        (screening) =>
          screening.subject.type === 'person' && foldName(screening.subject.name) === printed_name,
      );
      if (holder) return holder.status;
      if (screenings.length < SCREENINGS_PAGE) return null;
    }
    return null;
  }

  async settlementAsset(account_id: string): Promise<string> {
    return (await this.bus.send(LEDGER_COMMANDS.get_settlement, { account_id })).settlement_asset;
  }
}

type LedgerAsset = AssetCode;

/** Card movements on the ledger, with kind `card` (spending) or `card_fee` (monthly fee). */
export class BusCardLedger implements CardLedger {
  constructor(private readonly bus: BusClient) {}

  async placeHold(move: LedgerMove & { hold_id: string }): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.place_hold, {
      ...this.movement(move),
      hold_id: move.hold_id,
    });
  }

  async postHold(move: { account_id: string; operation_id: string; hold_id: string }) {
    await this.bus.send(LEDGER_COMMANDS.post_hold, move);
  }

  async releaseHold(move: { account_id: string; operation_id: string; hold_id: string }) {
    await this.bus.send(LEDGER_COMMANDS.release_hold, move);
  }

  async debit(move: LedgerMove): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.debit_funds, this.movement(move));
  }

  async credit(move: LedgerMove): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.credit_funds, this.movement(move));
  }

  async chargeFee(move: LedgerMove & { org_id: string }): Promise<void> {
    await this.bus.send(LEDGER_COMMANDS.transfer_funds, {
      from_account_id: move.account_id,
      to_account_id: orgFeeAccountId(move.org_id),
      operation_id: move.operation_id,
      asset: move.asset as LedgerAsset,
      amount: move.amount,
      kind: 'card_fee',
      reference_id: move.reference_id,
    });
  }

  private movement(move: LedgerMove) {
    return {
      account_id: move.account_id,
      operation_id: move.operation_id,
      asset: move.asset as LedgerAsset,
      amount: move.amount,
      kind: 'card',
      reference_id: move.reference_id,
    };
  }
}
