import { describeFailure, isTransientFailure, storableText } from './failures';

describe('isTransientFailure', () => {
  const coded = (code: string) => Object.assign(new Error('failed'), { code });
  const named = (name: string) => Object.assign(new Error('failed'), { name });

  it.each([
    ['a lost connection (08006)', coded('08006')],
    ['a server shutting down (57P01)', coded('57P01')],
    ['too many connections (53300)', coded('53300')],
    ['a serialization failure (40001)', coded('40001')],
    ['a deadlock (40P01)', coded('40P01')],
    ['a refused connection', coded('ECONNREFUSED')],
    ['a bus timeout', named('BusTimeoutError')],
    ['a service not serving yet', named('NoHandlerError')],
    ['a retriable kafkajs error', Object.assign(new Error('x'), { retriable: true })],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
  ])('takes %s for transient', (_what, error) => {
    expect(isTransientFailure(error)).toBe(true);
  });

  it.each([
    ['a check violation (23514)', coded('23514')],
    ['invalid text for numeric (22P02)', coded('22P02')],
    ['a plain error', new Error('amount must be a decimal string')],
    ['a string', 'boom'],
    ['nothing', undefined],
  ])('takes %s for a fault of the record', (_what, error) => {
    expect(isTransientFailure(error)).toBe(false);
  });
});

describe('describeFailure', () => {
  it('keeps the message and masks credentials', () => {
    const error = new Error(
      'connect to postgres://app:s3cret@db:5432/x failed; token=abc123 password=hunter2',
    );
    expect(describeFailure(error)).toBe(
      'Error: connect to postgres://***@db:5432/x failed; token=*** password=***',
    );
  });

  it('makes the text storable and cuts it short', () => {
    const reason = describeFailure(new Error(`bad \u0000 \ud800 ${'x'.repeat(5_000)}`));
    expect(reason.startsWith('Error: bad \ufffd \ufffd x')).toBe(true);
    expect(reason).toHaveLength(1_000);
  });

  it('leaves a well-formed surrogate pair alone', () => {
    expect(storableText('emoji \ud83d\ude00')).toBe('emoji \ud83d\ude00');
  });
});
