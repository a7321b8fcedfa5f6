import { DomainError, type PayoutBeneficiary } from '@platform/contracts';
import {
  normalizeCbu,
  normalizeCuit,
  normalizeDigits,
  normalizeIban,
  normalizePhone,
  normalizePixKey,
} from './beneficiary-rules';

/**
 * The payout corridors (decisions D6): the one catalog of where money can go, by which method,
 * and what each method needs from the beneficiary. Adding a corridor is adding a line here.
 */

export type BeneficiaryField = keyof PayoutBeneficiary;

/** How the account identifier of a method is checked. */
export type AccountRule =
  | 'cbu'
  | 'pix_key'
  | 'clabe'
  | 'co_account'
  | 'cci'
  | 'cl_account'
  | 'ec_account'
  | 'phone'
  | 'bo_account'
  | 'us_account'
  | 'iban'
  | 'swift_account';

/** Who moves the money: the rail connector, or an operator by hand (`manual_dispatch`). */
export type DispatchMode = 'rail' | 'manual';

export interface PayoutMethod {
  method: string;
  /** Beneficiary fields that must be present and non-blank. */
  required: readonly BeneficiaryField[];
  account_rule: AccountRule;
  /** AR: `tax_id` is a CUIT. */
  cuit?: boolean;
  /** US: a purpose from PAYOUT_PURPOSES and a supporting document are needed. */
  needs_purpose_and_document?: boolean;
  dispatch: DispatchMode;
}

export interface Corridor {
  country: string;
  currency: string;
  methods: readonly PayoutMethod[];
}

const NAME_AND_ACCOUNT: readonly BeneficiaryField[] = ['name', 'account_number'];
const method = (
  name: string,
  account_rule: AccountRule,
  extra: Partial<Omit<PayoutMethod, 'method' | 'account_rule'>> = {},
): PayoutMethod => ({
  method: name,
  account_rule,
  required: NAME_AND_ACCOUNT,
  dispatch: 'rail',
  ...extra,
});

export const CORRIDORS: readonly Corridor[] = [
  {
    country: 'AR',
    currency: 'ARS',
    methods: [
      method('bank_transfer', 'cbu', {
        required: ['name', 'tax_id', 'account_number'],
        cuit: true,
      }),
    ],
  },
  {
    country: 'AR',
    currency: 'USD',
    methods: [
      method('bank_transfer', 'cbu', {
        required: ['name', 'tax_id', 'account_number'],
        cuit: true,
      }),
    ],
  },
  { country: 'BR', currency: 'BRL', methods: [method('pix', 'pix_key')] },
  { country: 'MX', currency: 'MXN', methods: [method('spei', 'clabe')] },
  {
    country: 'CO',
    currency: 'COP',
    methods: [
      method('bank_transfer', 'co_account', {
        required: ['name', 'tax_id', 'account_number', 'bank_code', 'account_type'],
      }),
    ],
  },
  {
    country: 'PE',
    currency: 'PEN',
    methods: [method('bank_transfer', 'cci', { required: ['name', 'tax_id', 'account_number'] })],
  },
  {
    country: 'CL',
    currency: 'CLP',
    methods: [
      method('bank_transfer', 'cl_account', {
        required: ['name', 'tax_id', 'account_number', 'bank_code'],
      }),
    ],
  },
  {
    country: 'EC',
    currency: 'USD',
    methods: [
      method('bank_transfer', 'ec_account', {
        required: ['name', 'tax_id', 'account_number', 'bank_code'],
        dispatch: 'manual',
      }),
      method('deuna', 'phone', { required: ['name', 'phone'] }),
    ],
  },
  {
    country: 'VE',
    currency: 'VES',
    methods: [
      method('pago_movil', 'phone', { required: ['name', 'tax_id', 'phone', 'bank_code'] }),
    ],
  },
  {
    country: 'BO',
    currency: 'BOB',
    methods: [
      method('bank_transfer', 'bo_account', { required: ['name', 'account_number', 'bank_code'] }),
    ],
  },
  {
    country: 'US',
    currency: 'USD',
    methods: [
      method('ach', 'us_account', {
        required: ['name', 'account_number', 'bank_code'],
        needs_purpose_and_document: true,
      }),
      method('wire', 'us_account', {
        required: ['name', 'account_number', 'bank_code', 'account_type'],
        needs_purpose_and_document: true,
      }),
      method('swift', 'swift_account', {
        required: ['name', 'account_number', 'bank_code'],
        needs_purpose_and_document: true,
      }),
    ],
  },
  { country: 'EU', currency: 'EUR', methods: [method('sepa', 'iban')] },
];

/** US/USD payout purposes (spec §9: explicit purpose). `other` needs `purpose_detail`. */
export const PAYOUT_PURPOSES = [
  'invoice_payment',
  'payroll',
  'services',
  'goods',
  'family_support',
  'rent',
  'investment',
  'other',
] as const;
export type PayoutPurpose = (typeof PAYOUT_PURPOSES)[number];

/** Wire transfers name the kind of destination account. */
export const ACCOUNT_TYPES = ['checking', 'savings'] as const;

/**
 * The corridor and method of a request: an unknown country/currency pair is
 * `country_unavailable`, a known corridor without that method `method_unavailable` (422).
 */
export function findMethod(country: string, currency: string, name: string): PayoutMethod {
  const corridor = CORRIDORS.find((c) => c.country === country && c.currency === currency);
  if (!corridor) {
    throw new DomainError(
      'country_unavailable',
      `payouts to ${country} in ${currency} are not available`,
    );
  }
  const found = corridor.methods.find((candidate) => candidate.method === name);
  if (!found) {
    const known = corridor.methods.map((candidate) => candidate.method).join(', ');
    throw new DomainError(
      'method_unavailable',
      `method ${name} is not available for ${country}/${currency}; use ${known}`,
    );
  }
  return found;
}

/**
 * The beneficiary with every required field present and its account identifier normalized.
 * Returns the destination: the identifier the rail pays into, used to recognize a destination
 * the rail recently rejected.
 */
export function checkBeneficiary(
  payout_method: PayoutMethod,
  currency: string,
  beneficiary: PayoutBeneficiary | undefined,
): { beneficiary: PayoutBeneficiary; destination: string } {
  if (!beneficiary) throw new DomainError('beneficiary_required', 'beneficiary is required');
  const missing = payout_method.required.filter((field) => !beneficiary[field]?.trim());
  if (missing.length > 0) {
    throw new DomainError(
      'beneficiary_required',
      `beneficiary needs ${missing.map((field) => `beneficiary.${field}`).join(', ')}`,
    );
  }
  const checked: PayoutBeneficiary = { ...beneficiary, name: beneficiary.name?.trim() };
  if (payout_method.cuit && checked.tax_id) checked.tax_id = normalizeCuit(checked.tax_id);
  if (payout_method.required.includes('account_type') && payout_method.method === 'wire') {
    if (!(ACCOUNT_TYPES as readonly string[]).includes(checked.account_type ?? '')) {
      throw new DomainError(
        'invalid_request',
        `beneficiary.account_type must be one of ${ACCOUNT_TYPES.join(', ')}`,
      );
    }
  }
  const destination = normalizeAccount(payout_method.account_rule, checked, currency);
  return { beneficiary: checked, destination };
}

function normalizeAccount(
  rule: AccountRule,
  beneficiary: PayoutBeneficiary,
  currency: string,
): string {
  const account = beneficiary.account_number ?? '';
  const field = 'beneficiary.account_number';
  switch (rule) {
    case 'cbu':
      return (beneficiary.account_number = normalizeCbu(account, currency));
    case 'pix_key':
      return (beneficiary.account_number = normalizePixKey(account));
    case 'clabe':
      return (beneficiary.account_number = normalizeDigits(account, field, { min: 18, max: 18 }));
    case 'cci':
      return (beneficiary.account_number = normalizeDigits(account, field, { min: 20, max: 20 }));
    case 'co_account':
    case 'cl_account':
    case 'ec_account':
    case 'bo_account':
      return (beneficiary.account_number = normalizeDigits(account, field, { min: 6, max: 20 }));
    case 'us_account':
      return (beneficiary.account_number = normalizeDigits(account, field, { min: 4, max: 17 }));
    case 'swift_account':
      return (beneficiary.account_number = normalizeSwiftAccount(account));
    case 'iban':
      return (beneficiary.account_number = normalizeIban(account));
    case 'phone':
      return (beneficiary.phone = normalizePhone(beneficiary.phone ?? '', 'beneficiary.phone'));
    default: {
      const unknown: never = rule;
      throw new Error(`unknown account rule ${String(unknown)}`);
    }
  }
}

/** SWIFT destinations are an IBAN or a plain account number of the receiving bank. */
function normalizeSwiftAccount(account: string): string {
  const compact = account.replace(/\s/g, '').toUpperCase();
  if (/^[A-Z]{2}\d{2}/.test(compact)) return normalizeIban(compact);
  if (!/^[A-Z0-9]{4,34}$/.test(compact)) {
    throw new DomainError(
      'invalid_request',
      'beneficiary.account_number must be 4 to 34 letters or digits',
    );
  }
  return compact;
}

/**
 * US/USD: `purpose` from PAYOUT_PURPOSES, `purpose_detail` with `other` and only then, and a
 * supporting document. Every failure is `invalid_purpose`, except a missing document
 * (`invalid_request`, naming `document_id`). Other corridors take neither field.
 */
export function checkPurpose(
  payout_method: PayoutMethod,
  request: { purpose?: string; purpose_detail?: string; document_id?: string },
): { purpose: PayoutPurpose | null; purpose_detail: string | null; document_id: string | null } {
  if (!payout_method.needs_purpose_and_document) {
    return { purpose: null, purpose_detail: null, document_id: null };
  }
  const purpose = PAYOUT_PURPOSES.find((candidate) => candidate === request.purpose);
  if (!purpose) {
    throw new DomainError(
      'invalid_purpose',
      `purpose is required for ${payout_method.method}: one of ${PAYOUT_PURPOSES.join(', ')}`,
    );
  }
  const detail = request.purpose_detail?.trim() ?? '';
  if (purpose === 'other' && !detail) {
    throw new DomainError('invalid_purpose', 'purpose_detail is required when purpose is other');
  }
  if (purpose !== 'other' && detail) {
    throw new DomainError('invalid_purpose', 'purpose_detail is accepted only with purpose other');
  }
  if (!request.document_id) {
    throw new DomainError(
      'invalid_request',
      `document_id is required for ${payout_method.method}: upload the supporting file to POST /v1/payouts/documents first`,
    );
  }
  return { purpose, purpose_detail: detail || null, document_id: request.document_id };
}
