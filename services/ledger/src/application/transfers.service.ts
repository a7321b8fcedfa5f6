import {
  type CreateTransferCommand,
  DomainError,
  linkedAccountOf,
  IdempotencyKey,
  type RecipientMatch,
  type ResolveAliasCommand,
  type SetAliasCommand,
} from '@platform/contracts';
import { ASSETS, Money, isAsset, type Asset } from '@platform/money';
import { classifyRecipient, parseAlias } from '../domain';
import type { AccountSettingsRepository } from '../infrastructure/public/account-settings.repository';
import type { IdempotencyRepository } from '../infrastructure/public/idempotency.repository';
import type {
  RecordsRepository,
  TransferListing,
  TransferRecord,
} from '../infrastructure/public/records.repository';
import type { LedgerCommands } from './ledger-commands';
import type { OrgDirectory } from './org-directory';

export interface ResolvedAccount {
  account_id: string;
  display_name: string;
  type: 'person' | 'company';
  alias: string | null;
}

/** The payload of a QR code that names an account: `acct:<account id>` or `acct:@<alias>`. */
const ACCOUNT_QR = /^acct:(.+)$/;

/**
 * Free internal transfers (spec §1) to an account id, email, verified phone or alias of the same
 * organization.
 */
export class TransfersService {
  constructor(
    private readonly commands: LedgerCommands,
    private readonly records: RecordsRepository,
    private readonly idempotency: IdempotencyRepository,
    private readonly settings: AccountSettingsRepository,
    private readonly directory: OrgDirectory,
  ) {}

  async create(command: CreateTransferCommand): Promise<TransferRecord> {
    const recipient_ref = recipientRefOf(command);
    const asset = transferableAsset(command.asset);
    const amount = Money.parseInput(asset, command.amount);
    const idempotency_key = IdempotencyKey.parse(command.idempotency_key) ?? undefined;
    const description = command.description ?? '';
    const recipient = await this.recipient(
      command.org_id,
      recipient_ref.kind === 'contact'
        ? {
            kind: 'account_id',
            account_id: linkedAccountOf(
              await this.directory.contact(command.account_id, recipient_ref.contact_id),
            ),
          }
        : recipient_ref,
    );
    if (recipient.account_id === command.account_id) {
      throw new DomainError('self_transfer', 'cannot transfer to the same account');
    }
    const fingerprint = [recipient.account_id, asset, amount.toString(), description].join('|');
    return this.idempotency.run(
      { account_id: command.account_id, scope: 'transfer', idempotency_key },
      fingerprint,
      async (transfer_id, settle) => {
        const record: TransferRecord = {
          transfer_id,
          status: 'completed',
          from_account_id: command.account_id,
          to_account_id: recipient.account_id,
          asset,
          amount: amount.toString(),
          fee: Money.zero(asset).toString(),
          description,
          created_at: new Date().toISOString(),
          ...(idempotency_key ? { idempotency_key } : {}),
        };
        await this.commands.transfer(
          {
            from_account_id: record.from_account_id,
            to_account_id: record.to_account_id,
            operation_id: transfer_id,
            asset,
            amount: record.amount,
            kind: 'transfer',
            reference_id: transfer_id,
          },
          null,
          {
            notice: {
              transfer_id,
              from_account_id: record.from_account_id,
              to_account_id: record.to_account_id,
              asset,
              amount: record.amount,
              description,
              created_at: record.created_at,
            },
            // The public row and the key's answer commit with the ledger's events, in their
            // statement when it goes alone: a crash cannot leave one alone, and the accounts'
            // streams wait one round trip on it.
            statements: () => settle(record, [this.records.transferInsert(record, command.org_id)]),
          },
        );
        return record;
      },
      // Every path of LedgerCommands.transfer writes the statements with the ledger's events.
      { settles_in_commit: true },
    );
  }

  async get(account_id: string, transfer_id: string): Promise<TransferListing> {
    const transfer = await this.records.transfer(account_id, transfer_id);
    if (!transfer) throw new DomainError('not_found', 'transfer not found');
    return transfer;
  }

  async setAlias(command: SetAliasCommand): Promise<{ account_id: string; alias: string }> {
    const alias = parseAlias(command.alias);
    await this.settings.setAlias(command.account_id, command.org_id, alias);
    return { account_id: command.account_id, alias };
  }

  /** `GET /v1/resolve`: an alias, or a QR payload naming an account, in the organization. */
  async resolve(command: ResolveAliasCommand): Promise<ResolvedAccount> {
    const alias = command.alias?.trim() || undefined;
    const qr = command.qr?.trim() || undefined;
    if (alias === undefined && qr === undefined) {
      throw new DomainError('query_required', 'alias or qr is required');
    }
    let target: string;
    if (alias !== undefined) {
      target = alias.replace(/^@/, '');
    } else {
      const named = ACCOUNT_QR.exec(qr ?? '')?.[1];
      if (!named) throw new DomainError('invalid_qr_payload', 'the QR payload names no account');
      target = named;
    }
    const ref = classifyRecipient(alias !== undefined ? `@${target}` : target);
    // Resolving stays alias or QR only: a phone-shaped payload names no account here, since a
    // phone may be shared and there would be no one account to show.
    if (ref.kind === 'phone') {
      throw new DomainError('recipient_not_found', 'no account of this organization matches');
    }
    const match = await this.recipient(command.org_id, ref);
    return {
      account_id: match.account_id,
      display_name: match.display_name,
      type: match.type,
      alias: await this.settings.aliasOf(match.account_id),
    };
  }

  private async recipient(
    org_id: string,
    ref: ReturnType<typeof classifyRecipient>,
  ): Promise<RecipientMatch> {
    switch (ref.kind) {
      case 'account_id':
        return this.directory.recipient(org_id, { account_id: ref.account_id });
      case 'email':
        return this.directory.recipient(org_id, { email: ref.email });
      case 'phone':
        return this.directory.recipient(org_id, { phone: ref.phone });
      case 'alias': {
        const account_id = await this.settings.accountByAlias(org_id, ref.alias);
        if (!account_id) {
          throw new DomainError('recipient_not_found', 'no account of this organization matches');
        }
        return this.directory.recipient(org_id, { account_id });
      }
      default: {
        const unknown: never = ref;
        throw new Error(`unknown recipient ${JSON.stringify(unknown)}`);
      }
    }
  }
}

/**
 * Whom a transfer names: a contact of the address book (`contact_id`), or a recipient by id,
 * email, phone or alias; both at once is ambiguous.
 */
function recipientRefOf(
  command: CreateTransferCommand,
): ReturnType<typeof classifyRecipient> | { kind: 'contact'; contact_id: string } {
  if (command.contact_id === undefined) return classifyRecipient(command.recipient);
  if (command.recipient !== undefined)
    throw new DomainError('invalid_request', 'send recipient or contact_id, not both');
  return { kind: 'contact', contact_id: command.contact_id };
}

/** Transfers move convertible assets; BOB, MXN and ARS only take same-currency flows (§1 rule 2). */
function transferableAsset(code: string): Asset {
  if (!isAsset(code) || !ASSETS[code].convertible) {
    throw new DomainError('invalid_asset', `${code} cannot be transferred`);
  }
  return code;
}
