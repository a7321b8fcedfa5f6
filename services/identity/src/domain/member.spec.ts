import { assertMayCreateMember, parseMemberRole } from './member';

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

describe('members', () => {
  it('default to operator, refuse unknown roles, and belong to company accounts of owners', () => {
    expect(parseMemberRole(undefined)).toBe('operator');
    expect(parseMemberRole('viewer')).toBe('viewer');
    expect(codeOf(() => parseMemberRole('admin'))).toBe('invalid_role');
    expect(codeOf(() => assertMayCreateMember('operator', 'company'))).toBe('owner_required');
    expect(codeOf(() => assertMayCreateMember('owner', 'person'))).toBe('company_only');
    expect(codeOf(() => assertMayCreateMember('owner', 'company'))).toBeUndefined();
  });
});
