import { holderOf, refuseOpening, refuseStream, type StreamLimitsPolicy } from './stream-admission';

const policy: StreamLimitsPolicy = {
  openings_per_hour: 3,
  max_streams_per_account: 2,
  max_streams_per_org: 5,
};

describe('stream admission', () => {
  it('admits openings from an address until the hour holds openings_per_hour of them', () => {
    expect(refuseOpening(0, policy)).toBeNull();
    expect(refuseOpening(2, policy)).toBeNull();
    expect(refuseOpening(3, policy)?.code).toBe('rate_limited');
    expect(refuseOpening(9, policy)?.code).toBe('rate_limited');
  });

  it('refuses a stream past the per-credential or the per-organization ceiling', () => {
    expect(refuseStream({ holder_streams: 1, org_streams: 4 }, policy)).toBeNull();
    expect(refuseStream({ holder_streams: 2, org_streams: 2 }, policy)).toEqual({
      code: 'too_many_streams',
      message: 'too many open streams for this credential',
    });
    expect(refuseStream({ holder_streams: 0, org_streams: 5 }, policy)).toEqual({
      code: 'too_many_streams',
      message: 'too many open streams for this organization',
    });
  });

  it('keeps an organization admin’s slots apart from any account’s', () => {
    expect(holderOf({ account_id: 'acc_1' })).toBe('acc_1');
    expect(holderOf({ admin_id: 'acc_1' })).toBe('org_admin:acc_1');
  });
});
