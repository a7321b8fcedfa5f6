import { DomainError } from '@platform/contracts';
import { decideMemberUpdate, type MemberState } from './member-admin';

const operator: MemberState = { id: 'm-2', role: 'operator', status: 'active' };
const owner: MemberState = { id: 'm-1', role: 'owner', status: 'active' };
const as_owner = { actor_member_id: 'm-1', other_active_owners: 0 };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
}

describe('decideMemberUpdate', () => {
  it('changes role and status, keeping what is not sent', () => {
    expect(decideMemberUpdate(operator, { status: 'disabled' }, as_owner)).toEqual({
      role: 'operator',
      status: 'disabled',
    });
    expect(decideMemberUpdate(operator, { role: 'viewer' }, as_owner)).toEqual({
      role: 'viewer',
      status: 'active',
    });
  });

  it.each([
    ['invalid_request', {}],
    ['invalid_status', { status: 'pending_verification' }],
    ['invalid_status', { status: 'gone' }],
    ['invalid_role', { role: 'admin' }],
  ])('answers %s for %j', (code, changes) => {
    expect(codeOf(() => decideMemberUpdate(operator, changes, as_owner))).toBe(code);
  });

  it('refuses a change of oneself', () => {
    expect(
      codeOf(() =>
        decideMemberUpdate(owner, { role: 'viewer' }, { ...as_owner, actor_member_id: 'm-1' }),
      ),
    ).toBe('forbidden');
  });

  it('keeps an active owner: an API key cannot disable the only owner, but can with another', () => {
    const api_key = { actor_member_id: null, other_active_owners: 0 };
    expect(codeOf(() => decideMemberUpdate(owner, { status: 'disabled' }, api_key))).toBe(
      'forbidden',
    );
    expect(
      decideMemberUpdate(owner, { status: 'disabled' }, { ...api_key, other_active_owners: 1 }),
    ).toEqual({ role: 'owner', status: 'disabled' });
  });
});
