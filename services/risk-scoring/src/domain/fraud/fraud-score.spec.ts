import { assessFraud, fraudLevelOf } from './fraud-score';

describe('fraud score', () => {
  it('is 0 and low with no reasons when nothing suspicious was observed', () => {
    expect(assessFraud({})).toEqual({ fraud_score: 0, level: 'low', reasons: [] });
    expect(
      assessFraud({
        email_mismatch: false,
        document_reuse_count: 0,
        applications_last_24h: 2,
        account_age_days: 400,
      }),
    ).toEqual({ fraud_score: 0, level: 'low', reasons: [] });
  });

  it('adds the points of each signal and lists the reasons largest first', () => {
    const assessed = assessFraud({
      email_mismatch: true,
      device_mismatch: true,
      account_age_days: 3,
    });
    expect(assessed.fraud_score).toBe(45);
    expect(assessed.level).toBe('medium');
    expect(assessed.reasons.map((reason) => [reason.code, reason.points])).toEqual([
      ['device_mismatch', 20],
      ['email_mismatch', 15],
      ['new_account', 10],
    ]);
  });

  it('grows with document reuse and velocity, in steps', () => {
    const reuse = (count: number) => assessFraud({ document_reuse_count: count }).fraud_score;
    expect([1, 2, 3, 50].map(reuse)).toEqual([25, 35, 45, 45]);
    const velocity = (count: number) => assessFraud({ applications_last_24h: count }).fraud_score;
    expect([3, 5, 10].map(velocity)).toEqual([10, 20, 30]);
    expect(assessFraud({ account_age_days: 10 }).fraud_score).toBe(5);
  });

  it('is capped at 100 and very_high when every signal is observed', () => {
    expect(
      assessFraud({
        email_mismatch: true,
        phone_mismatch: true,
        device_mismatch: true,
        ip_country_mismatch: true,
        disposable_email: true,
        document_reuse_count: 5,
        applications_last_24h: 20,
        account_age_days: 0,
      }),
    ).toMatchObject({ fraud_score: 100, level: 'very_high' });
  });

  it('puts each score in its level', () => {
    expect([0, 24, 25, 49, 50, 74, 75, 100].map(fraudLevelOf)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'very_high',
      'very_high',
    ]);
  });
});
