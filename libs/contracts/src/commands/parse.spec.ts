import { DomainError } from '../errors';
import { createOrganizationCommand, sendMessageCommand } from './index';
import { parseCommand } from './parse';

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
  return undefined;
}

describe('parseCommand', () => {
  it('returns the parsed payload', () => {
    expect(parseCommand(createOrganizationCommand, { slug: 'acme', name: 'Acme' })).toEqual({ slug: 'acme', name: 'Acme' });
  });
  it('answers unknown fields with invalid_json and other failures with the given code', () => {
    expect(codeOf(() => parseCommand(createOrganizationCommand, { slug: 'a', name: 'b', extra: 1 }))).toBe('invalid_json');
    expect(codeOf(() => parseCommand(createOrganizationCommand, { slug: 'a' }))).toBe('invalid_request');
    expect(codeOf(() => parseCommand(sendMessageCommand, { channel: 'fax', recipient: 'x', body: 'y' }, 'invalid_channel'))).toBe('invalid_channel');
  });
});
