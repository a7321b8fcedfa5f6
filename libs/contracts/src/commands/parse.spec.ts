import { createOrganizationCommand, sendMessageCommand } from './index';
import { parseCommand } from './parse';

describe('parseCommand', () => {
  it('returns the parsed payload', () => {
    expect(parseCommand(createOrganizationCommand, { slug: 'acme', name: 'Acme' })).toEqual({
      slug: 'acme',
      name: 'Acme',
    });
  });
  it('answers unknown fields with invalid_json and other failures with the given code', () => {
    expect(() =>
      parseCommand(createOrganizationCommand, { slug: 'a', name: 'b', extra: 1 }),
    ).toThrow(expect.objectContaining({ code: 'invalid_json' }));
    expect(() => parseCommand(createOrganizationCommand, { slug: 'a' })).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    expect(() =>
      parseCommand(
        sendMessageCommand,
        { channel: 'fax', recipient: 'x', body: 'y' },
        'invalid_channel',
      ),
    ).toThrow(expect.objectContaining({ code: 'invalid_channel' }));
  });
});
