import {
  jsonLine,
  listOption,
  localTime,
  matchesFilter,
  parsePublicTypes,
  prettyLine,
  publicEventsOf,
  summaryOf,
  type TailedPublicEvent,
} from './public-tail';

const busLine = (payload: Record<string, unknown>) =>
  JSON.stringify({ topic: 'events.payouts', key: 'k', payload });

const payoutChanged = {
  event_id: '7d0c5a52-3f5c-4a59-9f53-2c1b8f0a9e11',
  type: 'payouts.payout_status_changed',
  occurred_at: '2026-11-25T17:04:05.000Z',
  environment: 'test',
  account_id: 'acc_1',
  data: {
    payout_id: 'po_1',
    account_id: 'acc_1',
    status: 'completed',
    local_amount: '1250.50',
    currency: 'USD',
    internal_note: 'never public',
    ip: '10.0.0.1',
    idempotency_key: 'k-1',
  },
};

describe('events tail: public events of the bus', () => {
  it('projects a domain event into its public envelope, dropping internal fields', () => {
    expect(publicEventsOf(busLine(payoutChanged))).toEqual([
      {
        id: payoutChanged.event_id,
        type: 'payout_status_changed',
        created_at: '2026-11-25T17:04:05.000Z',
        livemode: false,
        account_id: 'acc_1',
        data: {
          payout_id: 'po_1',
          account_id: 'acc_1',
          status: 'completed',
          local_amount: '1250.50',
          currency: 'USD',
          idempotency_key: 'k-1',
        },
      },
    ]);
  });

  it('marks a live event livemode', () => {
    const [event] = publicEventsOf(busLine({ ...payoutChanged, environment: 'live' }));
    expect(event?.livemode).toBe(true);
  });

  it('yields nothing for an internal-only event, one of no account, or an unreadable line', () => {
    expect(publicEventsOf(busLine({ ...payoutChanged, type: 'ledger.funds_debited' }))).toEqual([]);
    expect(publicEventsOf(busLine({ ...payoutChanged, account_id: null }))).toEqual([]);
    expect(publicEventsOf('{"tailing"')).toEqual([]);
    expect(publicEventsOf('{"heartbeat":"2026-11-25T17:04:05Z"}')).toEqual([]);
  });
});

describe('events tail: filters', () => {
  const event = publicEventsOf(busLine(payoutChanged))[0] as TailedPublicEvent;

  it('reads repeated and comma-separated values as one list', () => {
    expect(listOption(['acc_1,acc_2', ' acc_3 ', ''])).toEqual(['acc_1', 'acc_2', 'acc_3']);
    expect(listOption(undefined)).toBeNull();
  });

  it('lets an event through only when its account and type are asked for', () => {
    const all = { account_ids: null, types: null };
    expect(matchesFilter(event, all)).toBe(true);
    expect(matchesFilter(event, { ...all, account_ids: new Set(['acc_2']) })).toBe(false);
    expect(matchesFilter(event, { ...all, account_ids: new Set(['acc_2', 'acc_1']) })).toBe(true);
    expect(matchesFilter(event, { ...all, types: new Set(['transfer_received'] as const) })).toBe(
      false,
    );
    expect(
      matchesFilter(event, { ...all, types: new Set(['payout_status_changed'] as const) }),
    ).toBe(true);
  });

  it('accepts public types and names the unknown ones with the valid list', () => {
    expect(parsePublicTypes(['transfer_received', 'payout_status_changed'])).toEqual({
      types: new Set(['transfer_received', 'payout_status_changed']),
    });
    const refused = parsePublicTypes(['transfer_received', 'payouts.payout_status_changed']);
    expect('error' in refused && refused.error).toMatch(
      /^unknown public event type: payouts\.payout_status_changed; valid types: .*\btransfer_received\b/,
    );
  });
});

describe('events tail: formatting', () => {
  it('summarizes ids, status, amounts and asset, in that order, amounts as they came', () => {
    expect(
      summaryOf({
        asset: 'USDT',
        amount: '0.000001',
        status: 'completed',
        transfer_id: 'tr_1',
        account_id: 'acc_1',
        to_account_id: 'acc_2',
        description: 'rent',
        details: { nested: true },
      }),
    ).toBe('transfer_id=tr_1 to_account_id=acc_2 status=completed amount=0.000001 asset=USDT');
    expect(summaryOf({ subject: 'hello' })).toBe('');
  });

  it('shows the time in the given zone, to the second', () => {
    expect(localTime('2026-11-25T17:04:05.000Z', 'America/Lima')).toBe('2026-11-25 12:04:05');
    expect(localTime('2026-11-25T23:59:59.999Z', 'Asia/Shanghai')).toBe('2026-11-26 07:59:59');
    expect(localTime('not a time', 'UTC')).toBe('not a time');
  });

  it('prints one readable line: time, type, account, summary', () => {
    const [event] = publicEventsOf(busLine(payoutChanged));
    expect(prettyLine(event as TailedPublicEvent, 'UTC')).toBe(
      '2026-11-25 17:04:05  payout_status_changed  acc_1  payout_id=po_1 status=completed local_amount=1250.50 currency=USD',
    );
  });

  it('prints the json envelope with the account, keys in envelope order', () => {
    const [event] = publicEventsOf(busLine(payoutChanged));
    const line = jsonLine(event as TailedPublicEvent);
    expect(Object.keys(JSON.parse(line) as object)).toEqual([
      'id',
      'type',
      'created_at',
      'livemode',
      'account_id',
      'data',
    ]);
  });
});
