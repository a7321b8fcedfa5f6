import { subscriptionLagOf } from './subscription-lag';

describe('subscriptionLagOf', () => {
  it('reads the events behind and the age of the oldest from the query row', () => {
    expect(subscriptionLagOf({ events_behind: '12', oldest_age_seconds: '3.25' })).toEqual({
      events_behind: 12,
      oldest_unprocessed_age_seconds: 3.25,
    });
  });

  it('is 0 events and 0 seconds when caught up (no row, or no event behind)', () => {
    const caught_up = { events_behind: 0, oldest_unprocessed_age_seconds: 0 };
    expect(subscriptionLagOf(undefined)).toEqual(caught_up);
    expect(subscriptionLagOf({ events_behind: '0', oldest_age_seconds: null })).toEqual(caught_up);
  });

  it('never answers a negative age when an event was stamped by a clock ahead of the database', () => {
    expect(subscriptionLagOf({ events_behind: '1', oldest_age_seconds: '-4.5' })).toEqual({
      events_behind: 1,
      oldest_unprocessed_age_seconds: 0,
    });
  });
});
