import { DomainError, type BankingKycStatus } from '@platform/contracts';

/**
 * The banking customer of an account: one per account, opened from the account's approved
 * verification, reviewed by the bank (`in_review`), then `approved` (or `rejected`).
 */
export type CustomerState = { status: 'none' } | { status: BankingKycStatus };

export type CustomerCommand =
  | { type: 'open_customer'; account_kyc_status: string }
  | { type: 'conclude_review'; outcome: 'approved' | 'rejected' };

export type CustomerEvent =
  { type: 'customer_opened' } | { type: 'customer_reviewed'; kyc_status: 'approved' | 'rejected' };

export const NO_CUSTOMER: CustomerState = { status: 'none' };

export function decide(command: CustomerCommand, state: CustomerState): CustomerEvent[] {
  switch (command.type) {
    case 'open_customer':
      if (state.status !== 'none') throw customerExists();
      if (command.account_kyc_status !== 'approved')
        throw new DomainError(
          'verification_required',
          'identity verification must be approved before opening bank accounts',
        );
      return [{ type: 'customer_opened' }];
    case 'conclude_review':
      // A review concludes once; a retried job decides nothing new.
      if (state.status !== 'in_review') return [];
      return [{ type: 'customer_reviewed', kyc_status: command.outcome }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown customer command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolve(_state: CustomerState, event: CustomerEvent): CustomerState {
  switch (event.type) {
    case 'customer_opened':
      return { status: 'in_review' };
    case 'customer_reviewed':
      return { status: event.kyc_status };
    default: {
      const unknown: never = event;
      throw new Error(`unknown customer event ${JSON.stringify(unknown)}`);
    }
  }
}

/** 409 `banking_customer_exists`: an account has one banking customer. */
export const customerExists = (): DomainError =>
  new DomainError('banking_customer_exists', 'the account has a banking customer');

/** Every banking route but the customer's creation needs a customer: 409 otherwise. */
export function requireCustomer<T>(customer: T | null): T {
  if (!customer) throw new DomainError('no_banking_customer', 'open a banking customer first');
  return customer;
}
