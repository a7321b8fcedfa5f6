import { DomainError, RISK_PURPOSES, type RiskPurpose } from '@platform/contracts';

/** The purpose of a report or consent: required, and one of the catalog of spec §2. */
export function parsePurpose(value: string | null | undefined): RiskPurpose {
  if (value === undefined || value === null || value.trim() === '')
    throw new DomainError('purpose_required', 'purpose is required');
  if (!(RISK_PURPOSES as readonly string[]).includes(value))
    throw new DomainError('invalid_purpose', `purpose must be one of ${RISK_PURPOSES.join(', ')}`);
  return value as RiskPurpose;
}
