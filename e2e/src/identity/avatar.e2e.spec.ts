import { createHash } from 'node:crypto';
import { AVATAR_CONTENT_TYPES } from '@platform/contracts';
import {
  documentationGaps,
  http,
  json,
  JSON_CONTENT,
  openAccount,
  type DocumentedOperation,
  type TestAccount,
} from '../clients';
import { startPlatform, type E2ePlatform } from '../harness';

/** One-pixel images of each type an avatar may be. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////' +
    '////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const MAX_BYTES = 512 * 1024;

/** The avatar (`PUT` and `GET /v1/me/avatar`): the image is the body, checked by its bytes. */
describe('account avatar', () => {
  let platform: E2ePlatform;
  let owner: TestAccount;
  let other: TestAccount;
  const client = http(() => platform.environments.test);

  const put = (account: TestAccount | null, body: Buffer | string, content_type: string) =>
    fetch(`${platform.environments.test.base_url}/v1/me/avatar`, {
      method: 'PUT',
      headers: {
        'content-type': content_type,
        ...(account ? { authorization: `Bearer ${account.access_token}` } : {}),
      },
      body,
    });
  const get = (account: TestAccount) =>
    client.request('GET', '/v1/me/avatar', { token: account.access_token });
  const served = async (account: TestAccount) => {
    const response = await get(account);
    expect(response.status).toBe(200);
    return {
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  beforeAll(async () => {
    platform = await startPlatform({ label: 'avatars' });
    [owner, other] = await Promise.all([
      openAccount(client, { label: 'avatar-owner' }),
      openAccount(client, { label: 'avatar-other' }),
    ]);
  });
  afterAll(async () => platform?.close());

  it('keeps a PNG and serves it back, byte for byte, under the type its bytes are', async () => {
    const answer = await put(owner, PNG, 'image/png');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      content_type: 'image/png',
      size_bytes: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
      updated_at: expect.any(String),
      url: '/v1/me/avatar',
    });
    const response = await get(owner);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toBe(
      `"${createHash('sha256').update(PNG).digest('hex')}"`,
    );
    expect(await served(owner)).toEqual({ type: 'image/png', bytes: PNG });
  });

  it('replaces it with a JPEG or a WebP, and takes exactly 512 KB', async () => {
    expect((await put(owner, WEBP, 'image/webp')).status).toBe(200);
    expect(await served(owner)).toEqual({ type: 'image/webp', bytes: WEBP });
    // A PNG padded after its end to the limit is still a PNG of 512 KB.
    const largest = Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length, 7)]);
    expect((await put(owner, largest, 'image/png')).status).toBe(200);
    expect((await served(owner)).bytes.length).toBe(MAX_BYTES);
    expect((await put(owner, JPEG, 'image/jpeg')).status).toBe(200);
    expect(await served(owner)).toEqual({ type: 'image/jpeg', bytes: JPEG });
  });

  it('refuses what is not a PNG, JPEG or WebP of its declared type, and keeps the avatar', async () => {
    const refused: [Buffer | string, string][] = [
      [GIF, 'image/gif'],
      [PNG, 'image/jpeg'],
      [JPEG, 'image/webp'],
      ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml'],
      ['just text', 'text/plain'],
      [PNG, 'application/octet-stream'],
      ['{"image": "png"}', 'application/json'],
      [Buffer.concat([PNG, Buffer.alloc(MAX_BYTES - PNG.length + 1)]), 'image/png'],
      [Buffer.alloc(0), 'image/png'],
    ];
    for (const [body, content_type] of refused) {
      const answer = await put(owner, body, content_type);
      expect({ content_type, status: answer.status, body: await answer.json() }).toEqual({
        content_type,
        status: 400,
        body: {
          error: 'invalid_image',
          message: expect.any(String),
          request_id: expect.any(String),
        },
      });
    }
    expect(await served(owner)).toEqual({ type: 'image/jpeg', bytes: JPEG });
  });

  it('answers 404 to an account without one, and 401 without credentials', async () => {
    const none = await get(other);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: 'not_found' });
    expect((await put(null, PNG, 'image/png')).status).toBe(401);
    // The other account's upload is its own: the owner's stays.
    expect((await put(other, WEBP, 'image/webp')).status).toBe(200);
    expect((await served(other)).type).toBe('image/webp');
    expect((await served(owner)).type).toBe('image/jpeg');
  });

  it('documents every avatar route', async () => {
    const document = await json(await client.request('GET', '/openapi.json'), 200);
    const operations: DocumentedOperation[] = [
      // The image is the body, under its own type; the answer describes what was kept.
      {
        method: 'put',
        path: '/v1/me/avatar',
        status: 200,
        answers: JSON_CONTENT,
        body: AVATAR_CONTENT_TYPES,
        errors: ['invalid_image', 'unauthorized'],
      },
      {
        method: 'get',
        path: '/v1/me/avatar',
        status: 200,
        answers: AVATAR_CONTENT_TYPES,
        errors: ['unauthorized', 'not_found'],
      },
    ];
    expect(documentationGaps(document, /^\/v1\/me\/avatar/, operations)).toEqual([]);
  });
});
