import { ERROR_HTTP_STATUS } from '@platform/contracts';
import {
  addErrorResponses,
  codesNamedIn,
  errorCodesByStatus,
  implicitCodes,
} from './error-responses';

const EXAMPLE = { error: 'invalid_request', message: 'x' };

describe('error responses of an operation', () => {
  it('reads the catalog codes named in backticks, and nothing else', () => {
    expect(codesNamedIn('402 `insufficient_funds`; `pending`, `not_found` and not_found')).toEqual([
      'insufficient_funds',
      'not_found',
    ]);
  });

  it('adds the codes every credentialed route with a body and a path id can answer', () => {
    const operation = {
      security: [{ bearer: [] }],
      requestBody: {},
      parameters: [{ in: 'path', name: 'id' }],
    };
    expect(implicitCodes({ path: '/v1/x/{id}', method: 'post', operation })).toEqual([
      'invalid_json',
      'invalid_request',
      'unauthorized',
      'account_required',
      'account_blocked',
      'not_found',
      'rate_limited',
      'service_unavailable',
    ]);
  });

  it.each([
    [undefined, ['account_required', 'account_blocked']],
    ['account', ['account_required', 'account_blocked']],
    ['human_session', ['account_required', 'human_session_required', 'account_blocked']],
    ['org_admin', ['org_admin_required']],
    ['account_or_org_admin', ['account_blocked']],
  ])('gives a write of credential level %s the 403 codes %j', (level, expected) => {
    const operation = { security: [{ bearer: [] }], 'x-credential-level': level };
    const codes = implicitCodes({ path: '/v1/x', method: 'post', operation });
    expect(codes.filter((code) => ERROR_HTTP_STATUS[code] === 403)).toEqual(expected);
  });

  it('gives a public route no credential refusal', () => {
    const codes = implicitCodes({ path: '/v1/x', method: 'post', operation: { security: [] } });
    expect(codes.filter((code) => ERROR_HTTP_STATUS[code] === 403)).toEqual([]);
  });

  it('gives a probe, which is never rate limited, the one 4xx of the HTTP server', () => {
    expect(implicitCodes({ path: '/healthz', method: 'get', operation: { security: [] } })).toEqual(
      ['headers_too_large'],
    );
  });

  it('groups the codes by the status the catalog gives them', () => {
    const operation = {
      security: [],
      description: 'Errors: 422 `country_unavailable`, 402 `insufficient_funds`.',
      responses: {},
    };
    expect(errorCodesByStatus({ path: '/v1/p', method: 'get', operation })).toEqual(
      new Map([
        [402, ['insufficient_funds']],
        [422, ['country_unavailable']],
        [429, ['rate_limited']],
      ]),
    );
  });

  it('writes one response per status listing its codes, completing a declared one', () => {
    const operation = {
      security: [{ bearer: [] }],
      description: 'a person only: 403 `session_required`; 409 `duplicate`',
      responses: { '200': { description: 'ok' }, '409': { description: '`duplicate`' } },
    };
    const document = { paths: { '/v1/keys': { get: operation } } };
    addErrorResponses(document, EXAMPLE);
    expect(operation.responses).toMatchObject({
      '401': { description: expect.stringContaining('`unauthorized`') },
      '403': { description: expect.stringContaining('`session_required`') },
      '409': { description: '`duplicate`' },
      '429': { description: expect.stringContaining('`rate_limited`') },
      '503': { description: expect.stringContaining('`service_unavailable`') },
    });
    expect((operation.responses as Record<string, any>)['403'].content).toEqual({
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorBody' },
        example: {
          error: 'session_required',
          message: 'this operation is not allowed for this credential or account',
        },
      },
    });
  });
});
