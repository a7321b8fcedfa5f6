import { z } from 'zod';
import { defineCommand, PAGE_ROWS_MAX } from '../catalog/define';

/**
 * Bank accounts (USD and EUR) of an account's banking customer: the customer, its accounts and
 * balances, third parties, outbound payments, operations and the sandbox's inbound transfers.
 * The gateway checks only the shape of a request (bounded strings); the banking service judges
 * every value and answers the spec's code (`invalid_iban`, `invalid_amount`, ...).
 */
const id = z.string().min(1).max(200);
const text = z.string().max(200);
const instant = z.string().describe('ISO 8601 UTC timestamp');
const amount = z.string().describe('decimal string, 2 decimals');

export const BANKING_CURRENCIES = ['USD', 'EUR'] as const;
export type BankingCurrency = (typeof BANKING_CURRENCIES)[number];

export const BANKING_KYC_STATUSES = ['in_review', 'approved', 'rejected'] as const;
export type BankingKycStatus = (typeof BANKING_KYC_STATUSES)[number];

export const BANK_ACCOUNT_STATUSES = ['active'] as const;

export const BANKING_OPERATION_TYPES = ['payment', 'inbound'] as const;
export type BankingOperationType = (typeof BANKING_OPERATION_TYPES)[number];

export const BANKING_OPERATION_STATUSES = ['processing', 'completed', 'failed'] as const;
export type BankingOperationStatus = (typeof BANKING_OPERATION_STATUSES)[number];

/** Every command names the requesting account; only the customer's creation needs its org. */
const accountScope = { account_id: id };

/** `POST /v1/banking/customer`: an optional body; the account's verified profile is used. */
export const createBankingCustomerBody = z
  .object({ idempotency_key: z.string().max(10_000).optional() })
  .strict();
export type CreateBankingCustomerBody = z.infer<typeof createBankingCustomerBody>;

export const bankingCustomerResource = z.object({
  customer_id: z.string(),
  account_id: z.string(),
  kyc_status: z.enum(BANKING_KYC_STATUSES),
  created_at: instant,
  updated_at: instant,
});
export type BankingCustomerResource = z.infer<typeof bankingCustomerResource>;

export const bankAccountResource = z.object({
  bank_account_id: z.string(),
  currency: z.enum(BANKING_CURRENCIES),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  iban: z.string().optional().describe('EUR: the virtual IBAN (ISO 13616)'),
  bic: z.string().optional().describe('EUR: the BIC of the virtual IBAN'),
  routing_number: z.string().optional().describe('USD: the ABA routing number'),
  account_number: z.string().optional().describe('USD: the account number'),
  created_at: instant,
});
export type BankAccountResource = z.infer<typeof bankAccountResource>;

const balanceAmounts = z.object({
  available: amount,
  held: amount.describe('amounts of payments still processing'),
  currency: z.enum(BANKING_CURRENCIES),
});

/** Spec §4: the `balance` object plus flat `available`, `held`, `currency` beside it. */
export const bankBalanceResource = balanceAmounts.extend({
  bank_account_id: z.string(),
  balance: balanceAmounts,
});
export type BankBalanceResource = z.infer<typeof bankBalanceResource>;

export const bankAccountCommand = z.object({ ...accountScope, bank_account_id: id }).strict();

/** `POST /v1/banking/third-parties`: `{name, iban}` or `{name, routing_number, account_number}`. */
export const createThirdPartyBody = z
  .object({
    name: text.optional(),
    iban: text.optional().describe('a EUR beneficiary (ISO 13616, checked: `invalid_iban`)'),
    bic: text.optional(),
    routing_number: text.optional().describe('a USD beneficiary: ABA routing number (9 digits)'),
    account_number: text.optional().describe('a USD beneficiary: 4 to 17 digits'),
    idempotency_key: z.string().max(10_000).optional(),
  })
  .strict();
export type CreateThirdPartyBody = z.infer<typeof createThirdPartyBody>;

export const thirdPartyResource = z.object({
  third_party_id: z.string(),
  name: z.string(),
  currency: z.enum(BANKING_CURRENCIES).describe('EUR for an IBAN, USD for a US account'),
  status: z.enum(['approved']),
  iban: z.string().optional(),
  bic: z.string().optional(),
  routing_number: z.string().optional(),
  account_number: z.string().optional(),
  created_at: instant,
});
export type ThirdPartyResource = z.infer<typeof thirdPartyResource>;

/** `POST /v1/banking/payments`. */
export const createBankPaymentBody = z
  .object({
    account_id: text.optional().describe('the `bank_account_id` the payment is debited from'),
    third_party_id: text.optional(),
    amount: z.unknown().optional().describe('decimal string, at most 2 decimals'),
    idempotency_key: z.string().max(10_000).optional(),
  })
  .strict();
export type CreateBankPaymentBody = z.infer<typeof createBankPaymentBody>;

export const bankOperationResource = z.object({
  operation_id: z.string(),
  type: z.enum(BANKING_OPERATION_TYPES),
  status: z.enum(BANKING_OPERATION_STATUSES),
  bank_account_id: z.string(),
  customer_id: z.string(),
  currency: z.enum(BANKING_CURRENCIES),
  amount,
  fee: amount,
  third_party_id: z.string().nullable(),
  failure_code: z.string().nullable().describe('`rejected_by_bank` when a payment failed'),
  idempotency_key: z.string().optional(),
  created_at: instant,
  updated_at: instant,
});
export type BankOperationResource = z.infer<typeof bankOperationResource>;

const listCommand = z
  .object({
    ...accountScope,
    limit: z.number().int().min(1).max(PAGE_ROWS_MAX),
    offset: z.number().int().min(0),
  })
  .strict();

/** Operations: a page, or an export's rows (up to 10,000, one more to tell it was cut). */
const listOperationsCommand = z
  .object({
    ...accountScope,
    limit: z.number().int().min(1).max(10_001),
    offset: z.number().int().min(0),
  })
  .strict();

/** `POST /v1/sandbox/banking/inbound`. */
export const sandboxBankInboundBody = z
  .object({
    account_id: text.optional().describe('the `bank_account_id` credited'),
    amount: z.unknown().optional(),
  })
  .strict();
export type SandboxBankInboundBody = z.infer<typeof sandboxBankInboundBody>;

export const BANKING_COMMANDS = {
  create_customer: defineCommand({
    name: 'banking.create_customer',
    summary: "open the account's banking customer from its verified profile",
    request: z
      .object({ ...accountScope, org_id: id, idempotency_key: z.string().max(10_000).nullable() })
      .strict(),
    reply: bankingCustomerResource,
  }),
  list_accounts: defineCommand({
    name: 'banking.list_accounts',
    summary: "the banking customer's bank accounts",
    request: z.object({ ...accountScope }).strict(),
    reply: z.object({ accounts: z.array(bankAccountResource) }),
  }),
  get_account: defineCommand({
    name: 'banking.get_account',
    summary: 'one bank account of the account',
    request: bankAccountCommand,
    reply: bankAccountResource,
  }),
  get_balance: defineCommand({
    name: 'banking.get_balance',
    summary: "a bank account's balance",
    request: bankAccountCommand,
    reply: bankBalanceResource,
  }),
  create_third_party: defineCommand({
    name: 'banking.create_third_party',
    summary: 'register a beneficiary of bank payments',
    request: z
      .object({
        ...accountScope,
        ...createThirdPartyBody.omit({ idempotency_key: true }).shape,
        idempotency_key: z.string().max(10_000).nullable(),
      })
      .strict(),
    reply: thirdPartyResource,
  }),
  list_third_parties: defineCommand({
    name: 'banking.list_third_parties',
    summary: "the account's beneficiaries, newest first",
    request: listCommand,
    reply: z.object({ third_parties: z.array(thirdPartyResource) }),
  }),
  create_payment: defineCommand({
    name: 'banking.create_payment',
    summary: 'pay a third party from a bank account',
    request: z
      .object({
        ...accountScope,
        bank_account_id: text.optional().describe("the body's `account_id`"),
        third_party_id: text.optional(),
        amount: z.unknown().optional(),
        idempotency_key: z.string().max(10_000).nullable(),
      })
      .strict(),
    reply: bankOperationResource,
  }),
  list_operations: defineCommand({
    name: 'banking.list_operations',
    summary: "the account's bank operations, newest first",
    request: listOperationsCommand,
    reply: z.object({ operations: z.array(bankOperationResource) }),
  }),
  get_operation: defineCommand({
    name: 'banking.get_operation',
    summary: 'one bank operation of the account',
    request: z.object({ ...accountScope, operation_id: id }).strict(),
    reply: bankOperationResource,
  }),
  simulate_inbound: defineCommand({
    name: 'banking.simulate_inbound',
    summary: 'sandbox: an inbound transfer credits a bank account',
    request: z
      .object({
        ...accountScope,
        bank_account_id: text.optional().describe("the body's `account_id`"),
        amount: z.unknown().optional(),
      })
      .strict(),
    reply: bankOperationResource,
  }),
} as const;
