import fc from 'fast-check';
import { encodeComponent, operationsOf, requestArbitrary } from './requests';

describe('OpenAPI fuzzer requests', () => {
  it('encodes text like encodeURIComponent, and a lone surrogate as its invalid UTF-8 bytes', () => {
    expect(encodeComponent('a b/é😀')).toBe(encodeURIComponent('a b/é😀'));
    expect(encodeComponent('x\ud800')).toBe('x%ED%A0%80');
    expect(encodeComponent('\udfff')).toBe('%ED%BF%BF');
  });

  it('reads every operation of a document with its parameters and JSON body schema', () => {
    const document = {
      paths: {
        '/v1/things/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true }],
          get: { parameters: [{ name: 'page', in: 'query' }] },
          post: {
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          },
        },
      },
    };
    expect(operationsOf(document)).toEqual([
      {
        method: 'GET',
        path: '/v1/things/{id}',
        parameters: [
          { name: 'id', in: 'path', required: true },
          { name: 'page', in: 'query' },
        ],
        body_schema: null,
      },
      {
        method: 'POST',
        path: '/v1/things/{id}',
        parameters: [{ name: 'id', in: 'path', required: true }],
        body_schema: { type: 'object' },
      },
    ]);
  });

  it('fills every path parameter, each within its own path segment', () => {
    const [operation] = operationsOf({
      paths: { '/pay/{token}/methods/{method}': { post: {} } },
    });
    const fixtures = {
      credentials: () => ({ session: 'Bearer s' }),
      ids_by_segment: { pay: ['tok'] },
    };
    for (const request of fc.sample(requestArbitrary(operation!, { paths: {} }, fixtures), {
      seed: 1,
      numRuns: 200,
    })) {
      expect(request.target).toMatch(/^\/pay\/[^/?{}]*\/methods\/[^/?{}]*/);
      expect(request.method).toBe('POST');
    }
  });
});
