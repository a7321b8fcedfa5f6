import { stdnum, type Validator } from 'stdnum';
import type { RiskSubjectType } from '@platform/contracts';

/**
 * Document ids per country (decisions D10). Countries with a published check-digit scheme are
 * validated by the `stdnum` library (python-stdnum's rules); the kind of document says whether
 * it names a person or a company where the kind implies it (BR CPF person, CNPJ company; MX CURP
 * person, RFC of 12 characters company; AR CUIT prefix 20-27 person, 30-34 company; PE RUC 10/15/17
 * person, 20 company). Other countries of the platform get a format check only.
 */
export type DocIdCheck =
  { ok: true; doc_id: string; holder: RiskSubjectType | 'either' } | { ok: false };

interface CheckedKind {
  validator: Validator;
  holder: (compact: string) => RiskSubjectType | 'either';
}

const either = () => 'either' as const;
const person = () => 'person' as const;
const company = () => 'company' as const;

const CHECKED_KINDS: Readonly<Record<string, readonly CheckedKind[]>> = {
  AR: [
    { validator: stdnum.AR!.cuit!, holder: (id) => (id.startsWith('3') ? 'company' : 'person') },
  ],
  BR: [
    { validator: stdnum.BR!.cpf!, holder: person },
    { validator: stdnum.BR!.cnpj!, holder: company },
  ],
  CL: [{ validator: stdnum.CL!.rut!, holder: either }],
  CO: [{ validator: stdnum.CO!.nit!, holder: either }],
  MX: [
    { validator: stdnum.MX!.curp!, holder: person },
    { validator: stdnum.MX!.rfc!, holder: (id) => (id.length === 12 ? 'company' : 'person') },
  ],
  PE: [
    { validator: stdnum.PE!.ruc!, holder: (id) => (id.startsWith('20') ? 'company' : 'person') },
  ],
};

/** Countries the platform serves whose document ids have no check digit here: format only. */
const FORMAT_ONLY = [
  'BO',
  'CR',
  'DO',
  'EC',
  'GT',
  'HN',
  'NI',
  'PA',
  'PY',
  'SV',
  'US',
  'UY',
  'VE',
] as const;

export const CHECKSUM_COUNTRIES = Object.keys(CHECKED_KINDS);
export const SUBJECT_COUNTRIES: readonly string[] = [...CHECKSUM_COUNTRIES, ...FORMAT_ONLY].sort();

const SEPARATORS = /[\s.\-/]/g;
const FORMAT = /^[0-9A-Z]{5,20}$/;

/** The document id without separators, upper case (`12.345.678-5` -> `123456785`). */
export function compactDocId(raw: string): string {
  return raw.replace(SEPARATORS, '').toUpperCase();
}

/** Checks `raw` as a document id of `country` (a code of SUBJECT_COUNTRIES). */
export function checkDocId(country: string, raw: string): DocIdCheck {
  const compact = compactDocId(raw);
  if (!FORMAT.test(compact)) return { ok: false };
  const kinds = CHECKED_KINDS[country];
  if (!kinds) return { ok: true, doc_id: compact, holder: 'either' };
  for (const kind of kinds) {
    const result = kind.validator.validate(compact);
    if (result.isValid)
      return { ok: true, doc_id: result.compact, holder: kind.holder(result.compact) };
  }
  return { ok: false };
}
