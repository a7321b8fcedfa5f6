import { DomainError } from '@platform/contracts';
import { confirmClaimedIdentity, ownReportDue, ownSubjectOf } from './own-report-rules';
import { decideSealIssue, isSealCode, sealCodeOf, sealExpiry, sealStatusAt } from './seal-rules';

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-25T10:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('seal issue', () => {
  const evaluation = (band: string | null, age_days = 1, report_id = 'r1') => ({
    report_id,
    band,
    evaluated_at: daysAgo(age_days),
  });
  const issue = (overrides: Partial<Parameters<typeof decideSealIssue>[0]>) =>
    decideSealIssue({
      account_type: 'company',
      evaluation: evaluation('A'),
      active: null,
      now,
      ...overrides,
    });

  it('issues a seal to a company in band A or B, until 90 days after the evaluation', () => {
    expect(issue({})).toEqual({
      kind: 'issue',
      expires_at: sealExpiry(daysAgo(1)),
      replaces_active: false,
    });
    expect(issue({ evaluation: evaluation('B', 89) }).kind).toBe('issue');
    expect(sealExpiry(now).getTime() - now.getTime()).toBe(90 * DAY_MS);
  });

  it('refuses a person, another band, an old or missing evaluation', () => {
    expect(codeOf(() => issue({ account_type: 'person' }))).toBe('seal_companies_only');
    expect(codeOf(() => issue({ evaluation: evaluation('C') }))).toBe('seal_not_eligible');
    expect(codeOf(() => issue({ evaluation: evaluation(null) }))).toBe('seal_not_eligible');
    expect(codeOf(() => issue({ evaluation: evaluation('A', 90) }))).toBe('seal_not_eligible');
    expect(codeOf(() => issue({ evaluation: null }))).toBe('seal_not_eligible');
  });

  it('keeps the active seal of the same evaluation and replaces one of an older evaluation', () => {
    expect(issue({ active: { report_id: 'r1' } })).toEqual({ kind: 'keep_active' });
    expect(issue({ active: { report_id: 'r0' } })).toMatchObject({ replaces_active: true });
  });

  it('reads revoked before expired, valid until the expiry', () => {
    const expires_at = new Date(now.getTime() + 1);
    expect(sealStatusAt({ revoked_at: null, expires_at }, now)).toBe('valid');
    expect(sealStatusAt({ revoked_at: null, expires_at: now }, now)).toBe('expired');
    expect(sealStatusAt({ revoked_at: daysAgo(1), expires_at: daysAgo(2) }, now)).toBe('revoked');
  });

  it('makes readable codes it recognizes again', () => {
    const code = sealCodeOf(Uint8Array.from([0, 1, 0xab, 0xcd, 0xef, 0x10, 0x20, 0xff]));
    expect(code).toBe('QS-0001-ABCD-EF10-20FF');
    expect(isSealCode(code)).toBe(true);
    expect(isSealCode('QS-0001-ABCD-EF10')).toBe(false);
    expect(isSealCode('../etc/passwd')).toBe(false);
  });
});

describe('own report', () => {
  const identity = {
    type: 'person',
    kyc_status: 'approved',
    country: 'ar',
    tax_id: '20123456786',
  };

  it('reports on the verified tax id of the account', () => {
    expect(ownSubjectOf(identity)).toEqual({
      country: 'AR',
      doc_id: '20123456786',
      subject_type: 'person',
    });
  });

  it('needs a verified account with a tax id', () => {
    expect(codeOf(() => ownSubjectOf({ ...identity, kyc_status: 'pending' }))).toBe('kyc_required');
    expect(codeOf(() => ownSubjectOf({ ...identity, tax_id: null }))).toBe('no_tax_id');
    expect(codeOf(() => ownSubjectOf({ ...identity, tax_id: '  ' }))).toBe('no_tax_id');
    expect(codeOf(() => ownSubjectOf({ ...identity, country: null }))).toBe('no_tax_id');
  });

  it('confirms the document the client names, or says why not', () => {
    const subject = ownSubjectOf(identity);
    expect(codeOf(() => confirmClaimedIdentity(subject, {}))).toBeUndefined();
    expect(
      codeOf(() => confirmClaimedIdentity(subject, { doc_id: '20-12345678-6' })),
    ).toBeUndefined();
    expect(codeOf(() => confirmClaimedIdentity(subject, { country: 'ar' }))).toBeUndefined();
    // A valid CUIT of someone else; a CUIT with a wrong check digit; another country.
    expect(codeOf(() => confirmClaimedIdentity(subject, { doc_id: '30712345671' }))).toBe(
      'identity_mismatch',
    );
    expect(codeOf(() => confirmClaimedIdentity(subject, { doc_id: '20123456787' }))).toBe(
      'invalid_tax_id',
    );
    expect(codeOf(() => confirmClaimedIdentity(subject, { country: 'UY' }))).toBe(
      'identity_mismatch',
    );
  });

  it('makes a new report at most every 30 days', () => {
    expect(ownReportDue(null, now)).toBe(true);
    expect(ownReportDue(daysAgo(29), now)).toBe(false);
    expect(ownReportDue(daysAgo(30), now)).toBe(true);
  });
});
