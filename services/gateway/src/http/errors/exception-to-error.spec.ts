import {
  BadRequestException,
  HttpException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { DomainError, PAYOUTS_COMMANDS } from '@platform/contracts';
import { BusTimeoutError } from '@platform/messaging';
import { exceptionToError } from './exception-to-error';

describe('exceptionToError', () => {
  it('answers a DomainError with its code, message and catalog status', () => {
    expect(exceptionToError(new DomainError('insufficient_funds', 'balance too low'))).toEqual({
      status: 402,
      body: { error: 'insufficient_funds', message: 'balance too low' },
      unexpected: false,
    });
  });

  it('answers an unexpected error with the fixed internal body', () => {
    const mapped = exceptionToError(new Error('connect ECONNREFUSED db.internal:5432'));
    expect(mapped).toEqual({
      status: 500,
      body: { error: 'internal_error', message: 'internal error' },
      unexpected: true,
    });
    expect(exceptionToError(new DomainError('internal_error', 'stack here')).body.message).toBe(
      'internal error',
    );
    expect(exceptionToError('a string').unexpected).toBe(true);
  });

  it('answers a command without a reply in time with 503 recovery_pending, naming nothing inside', () => {
    const mapped = exceptionToError(
      new BusTimeoutError(PAYOUTS_COMMANDS.create_payout.name, 30_000),
    );
    expect(mapped).toMatchObject({
      status: 503,
      body: { error: 'recovery_pending' },
      unexpected: false,
    });
    expect(mapped.body.message).toMatch(/same idempotency key/);
    expect(mapped.body.message).not.toMatch(/payouts|30000|bus/);
  });

  it('maps framework exceptions by status', () => {
    expect(exceptionToError(new PayloadTooLargeException('too big')).body.error).toBe(
      'payload_too_large',
    );
    expect(exceptionToError(new HttpException('unsupported', 415))).toMatchObject({
      status: 415,
      body: { error: 'unsupported_media_type' },
    });
    expect(exceptionToError(new BadRequestException('bad')).body).toEqual({
      error: 'invalid_request',
      message: 'bad',
    });
    expect(exceptionToError(new NotFoundException()).status).toBe(404);
    expect(exceptionToError(new HttpException('conflict', 409))).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
  });

  it('never passes on the message of a 5xx framework exception', () => {
    expect(
      exceptionToError(new ServiceUnavailableException('redis at 10.0.0.3 down')).body.message,
    ).toBe('internal error');
  });

  it('answers a JSON syntax error with invalid_json', () => {
    const error = Object.assign(new SyntaxError('Unexpected token'), { statusCode: 400 });
    expect(exceptionToError(error).body.error).toBe('invalid_json');
  });
});
