import { DomainError, type GetPayinReceiptCommand } from '@platform/contracts';
import { receiptAvailable, type Payin } from '../domain/payin';
import type { DepositAccountsRepository } from '../infrastructure/deposit-accounts.repository';
import type { PayinsRepository } from '../infrastructure/payins.repository';
import { renderPayinReceiptPdf } from '../infrastructure/receipt-pdf';
import type { IdentityPort } from './ports';

/** `GET /v1/payins/{id}/receipt`: the PDF receipt of money received, once a payin is credited. */
export class PayinReceiptsService {
  constructor(
    private readonly payins: PayinsRepository,
    private readonly accounts: DepositAccountsRepository,
    private readonly identity: IdentityPort,
  ) {}

  async receipt(
    command: GetPayinReceiptCommand,
  ): Promise<{ filename: string; pdf_base64: string }> {
    const payin = await this.payins.findOwned(command.account_id, command.payin_id);
    if (!payin || payin.kind !== 'payin') throw new DomainError('not_found', 'payin not found');
    if (!receiptAvailable(payin))
      throw new DomainError(
        'receipt_not_available',
        `a receipt exists once the payin is credited; this one is ${payin.status}`,
      );
    const [recipient_name, organization_name, paid_with, deposit_account_number] =
      await Promise.all([
        this.identity.accountName(payin.account_id),
        this.identity.organizationName(payin.org_id),
        this.paidWith(payin),
        this.depositAccountNumber(payin),
      ]);
    const pdf = await renderPayinReceiptPdf(
      { payin, recipient_name, organization_name, paid_with, deposit_account_number },
      command.locale,
    );
    return { filename: `payin-${payin.payin_id}.pdf`, pdf_base64: pdf.toString('base64') };
  }

  private async paidWith(payin: Payin): Promise<Payin | null> {
    if (payin.method !== 'checkout' || !payin.paid_attempt_id) return null;
    return this.payins.findById(payin.paid_attempt_id);
  }

  private async depositAccountNumber(payin: Payin): Promise<string | null> {
    if (!payin.deposit_account_id) return null;
    const account = await this.accounts.findOwned(payin.account_id, payin.deposit_account_id);
    return account ? `•••• ${account.account_number.slice(-4)}` : null;
  }
}
