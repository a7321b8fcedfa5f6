import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { InvalidObjectKeyError, S3ObjectStorage, createObjectStorage } from './index';
import { describeObjectStorageContract } from './object-storage.contract';

/**
 * The real contract runs against an S3-compatible server when one is named, e.g.
 * S3_TEST_ENDPOINT=http://127.0.0.1:9000 S3_TEST_BUCKET=test S3_TEST_ACCESS_KEY_ID=minioadmin
 * S3_TEST_SECRET_ACCESS_KEY=minioadmin (the bucket must exist). Each run writes under its own prefix.
 */
// The SDK warns once per process about Node 20's end of support; it is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const s3_endpoint = process.env.S3_TEST_ENDPOINT;
// Registered only where a server is named: there is none on the CI machine (no MinIO here).
if (s3_endpoint)
  describe('S3 against a real server', () => {
    describeObjectStorageContract('s3', async () => {
      const storage = S3ObjectStorage.fromConfig({
        bucket: process.env.S3_TEST_BUCKET ?? 'test',
        region: process.env.S3_TEST_REGION ?? 'us-east-1',
        endpoint: s3_endpoint,
        force_path_style: true,
        access_key_id: process.env.S3_TEST_ACCESS_KEY_ID ?? 'minioadmin',
        secret_access_key: process.env.S3_TEST_SECRET_ACCESS_KEY ?? 'minioadmin',
        key_prefix: `contract-${randomBytes(6).toString('hex')}/`,
      });
      return { storage, cleanup: async () => undefined };
    });
  });

/** What the SDK hands its HTTP layer once every middleware (endpoint, signing) has run. */
interface SentRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

interface CannedResponse {
  statusCode: number;
  headers?: Record<string, string>;
  body?: Buffer;
}

/** Stands in for the SDK's HTTP handler: records each signed request, answers a canned response. */
class CannedHttpHandler {
  readonly sent: Array<SentRequest & { body_bytes: Buffer }> = [];
  private readonly responses: CannedResponse[] = [];

  respond(...responses: CannedResponse[]): void {
    this.responses.push(...responses);
  }

  async handle(request: SentRequest): Promise<{ response: unknown }> {
    this.sent.push({ ...request, body_bytes: await bodyBytes(request.body) });
    const canned = this.responses.shift();
    if (!canned) throw new Error(`no canned response left for ${request.method} ${request.path}`);
    return {
      response: {
        statusCode: canned.statusCode,
        reason: '',
        headers: canned.headers ?? {},
        body: Readable.from([canned.body ?? Buffer.alloc(0)]),
      },
    };
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, unknown> {
    return {};
  }
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string' || body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }
  throw new Error(`unexpected request body ${typeof body}`);
}

function s3Error(code: string, status: number): CannedResponse {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/xml' },
    body: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>m</Message></Error>`,
    ),
  };
}

describe('S3ObjectStorage commands (canned HTTP, no network)', () => {
  let http: CannedHttpHandler;
  let storage: S3ObjectStorage;

  beforeEach(() => {
    http = new CannedHttpHandler();
    storage = S3ObjectStorage.fromConfig({
      bucket: 'platform-docs',
      region: 'eu-west-1',
      endpoint: 'http://127.0.0.1:9000',
      force_path_style: true,
      access_key_id: 'AKIDEXAMPLE',
      secret_access_key: 'secret',
      key_prefix: 'live/',
      max_attempts: 1,
      request_handler: http,
    });
  });

  function only(): SentRequest & { body_bytes: Buffer } {
    expect(http.sent).toHaveLength(1);
    return http.sent[0]!;
  }

  it('put sends a signed path-style PUT with the body, length and content type', async () => {
    http.respond({ statusCode: 200, headers: { etag: '"abc"' } });
    await storage.put('org_1/statement.pdf', Buffer.from('%PDF'), {
      content_type: 'application/pdf',
    });
    const request = only();
    expect(request.method).toBe('PUT');
    expect(`${request.protocol}//${request.hostname}:${request.port}`).toBe(
      'http://127.0.0.1:9000',
    );
    expect(request.path).toBe('/platform-docs/live/org_1/statement.pdf');
    expect(request.headers['content-type']).toBe('application/pdf');
    expect(request.headers['content-length']).toBe('4');
    expect(request.body_bytes.toString()).toBe('%PDF');
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[^,]*host/,
    );
    expect(request.headers['x-amz-content-sha256']).toBeDefined();
  });

  it('put buffers a stream so the length is known', async () => {
    http.respond({ statusCode: 200 });
    await storage.put('export.csv', Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]), {
      content_type: 'text/csv',
    });
    expect(only().headers['content-length']).toBe('8');
    expect(only().body_bytes.toString()).toBe('a,b\n1,2\n');
  });

  it('get sends GET and returns the body and content type', async () => {
    http.respond({
      statusCode: 200,
      headers: { 'content-type': 'application/json', 'content-length': '11' },
      body: Buffer.from('{"ok":true}'),
    });
    const found = await storage.get('org_1/data.json');
    expect(only().method).toBe('GET');
    expect(only().path).toBe('/platform-docs/live/org_1/data.json');
    expect(found).toEqual({ body: Buffer.from('{"ok":true}'), content_type: 'application/json' });
  });

  it('getStream reports the length and streams the body', async () => {
    http.respond({ statusCode: 200, headers: { 'content-length': '3' }, body: Buffer.from('abc') });
    const found = await storage.getStream('k');
    expect(found?.size_bytes).toBe(3);
    expect(found?.content_type).toBe('application/octet-stream');
  });

  it('get maps NoSuchKey to null', async () => {
    http.respond(s3Error('NoSuchKey', 404));
    expect(await storage.get('missing')).toBeNull();
  });

  it('exists sends HEAD and maps 200 and a bodiless 404', async () => {
    http.respond({ statusCode: 200, headers: { 'content-length': '10' } }, { statusCode: 404 });
    expect(await storage.exists('there')).toBe(true);
    expect(await storage.exists('gone')).toBe(false);
    expect(http.sent.map((request) => [request.method, request.path])).toEqual([
      ['HEAD', '/platform-docs/live/there'],
      ['HEAD', '/platform-docs/live/gone'],
    ]);
  });

  it('delete sends DELETE', async () => {
    http.respond({ statusCode: 204 });
    await storage.delete('org_1/old.pdf');
    expect(only().method).toBe('DELETE');
    expect(only().path).toBe('/platform-docs/live/org_1/old.pdf');
  });

  it('surfaces errors other than not-found', async () => {
    http.respond(s3Error('AccessDenied', 403), s3Error('AccessDenied', 403));
    await expect(storage.get('forbidden')).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(
      storage.put('forbidden', Buffer.from('x'), { content_type: 'text/plain' }),
    ).rejects.toMatchObject({
      name: 'AccessDenied',
    });
  });

  it('refuses a bad key before any request is sent', async () => {
    await expect(storage.get('../other-bucket/key')).rejects.toThrow(InvalidObjectKeyError);
    expect(http.sent).toHaveLength(0);
  });

  it('uses the bucket as host name without path style', async () => {
    http.respond({ statusCode: 204 });
    const virtual_hosted = createObjectStorage({
      kind: 's3',
      bucket: 'platform-docs',
      region: 'eu-west-1',
      access_key_id: 'AKIDEXAMPLE',
      secret_access_key: 'secret',
      request_handler: http,
    });
    await virtual_hosted.delete('a.txt');
    expect(only().hostname).toBe('platform-docs.s3.eu-west-1.amazonaws.com');
    expect(only().path).toBe('/a.txt');
  });
});
