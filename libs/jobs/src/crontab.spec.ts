import { EVERY_MINUTE, toParsedCronItems } from './index';

describe('toParsedCronItems', () => {
  it('names an entry after its task unless told otherwise', () => {
    const [by_task, named] = toParsedCronItems([
      { task: 'expire_holds', schedule: EVERY_MINUTE },
      {
        task: 'expire_holds',
        schedule: '*/15 * * * *',
        identifier: 'expire_holds_slow',
        max_attempts: 3,
      },
    ]);
    expect(by_task).toMatchObject({
      task: 'expire_holds',
      identifier: 'expire_holds',
      options: { backfillPeriod: 0 },
    });
    expect(named).toMatchObject({ identifier: 'expire_holds_slow', options: { maxAttempts: 3 } });
  });

  it('rejects a malformed pattern and two entries with one identifier', () => {
    expect(() => toParsedCronItems([{ task: 'tick', schedule: 'every minute' }])).toThrow();
    expect(() => toParsedCronItems([{ task: 'tick', schedule: '61 * * * *' }])).toThrow();
    expect(() =>
      toParsedCronItems([
        { task: 'tick', schedule: EVERY_MINUTE },
        { task: 'tick', schedule: '0 * * * *' },
      ]),
    ).toThrow(/share the identifier "tick"/);
  });
});
