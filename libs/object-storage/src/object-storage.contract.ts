/**
 * The behaviour every ObjectStorage adapter promises. Adapter specs call this with a factory
 * for a fresh, empty storage; it is test support, not part of the library's runtime API.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { InvalidObjectKeyError } from './object-key';
import type { ObjectStorage } from './object-storage';

export interface ContractSubject {
  storage: ObjectStorage;
  cleanup(): Promise<void>;
}

export const INVALID_KEYS = [
  '',
  '/etc/passwd',
  '../outside',
  'a/../../outside',
  'a/./b',
  'a//b',
  'a/',
  '.hidden',
  'a\\b',
  'C:/windows',
  'with space',
  'nul\u0000byte',
  'report.pdf.meta.json',
  'x'.repeat(1025),
];

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export function describeObjectStorageContract(
  adapter: string,
  create: () => Promise<ContractSubject>,
): void {
  describe(`ObjectStorage contract: ${adapter}`, () => {
    let subject: ContractSubject;
    let storage: ObjectStorage;

    beforeEach(async () => {
      subject = await create();
      storage = subject.storage;
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    it('returns what was put, with its content type', async () => {
      await storage.put('org_1/statements/2024-05.pdf', Buffer.from('%PDF-1.7 body'), {
        content_type: 'application/pdf',
      });
      const found = await storage.get('org_1/statements/2024-05.pdf');
      expect(found?.body.toString()).toBe('%PDF-1.7 body');
      expect(found?.content_type).toBe('application/pdf');
      expect(await storage.exists('org_1/statements/2024-05.pdf')).toBe(true);
    });

    it('answers null and false for a key never written', async () => {
      expect(await storage.get('missing/key.txt')).toBeNull();
      expect(await storage.getStream('missing/key.txt')).toBeNull();
      expect(await storage.exists('missing/key.txt')).toBe(false);
    });

    it('keeps every byte value and empty bodies', async () => {
      const every_byte = Buffer.from(Array.from({ length: 256 }, (_unused, index) => index));
      await storage.put('binary.bin', every_byte, { content_type: 'application/octet-stream' });
      await storage.put('empty.txt', Buffer.alloc(0), { content_type: 'text/plain' });
      expect((await storage.get('binary.bin'))?.body.equals(every_byte)).toBe(true);
      expect((await storage.get('empty.txt'))?.body.length).toBe(0);
    });

    it('accepts a stream as the body and serves one back', async () => {
      const parts = [randomBytes(70_000), randomBytes(3), randomBytes(12_345)];
      await storage.put('exports/big.csv', Readable.from(parts), {
        content_type: 'text/csv; charset=utf-8',
      });
      const streamed = await storage.getStream('exports/big.csv');
      expect(streamed?.content_type).toBe('text/csv; charset=utf-8');
      expect(streamed?.size_bytes).toBe(82_348);
      expect((await readStream(streamed!.body)).equals(Buffer.concat(parts))).toBe(true);
    });

    it('replaces an object and its content type on a second put', async () => {
      await storage.put('doc', Buffer.from('first'), { content_type: 'text/plain' });
      await storage.put('doc', Buffer.from('{"second":true}'), {
        content_type: 'application/json',
      });
      const found = await storage.get('doc');
      expect(found?.body.toString()).toBe('{"second":true}');
      expect(found?.content_type).toBe('application/json');
    });

    it('deletes, and deleting a missing key is not an error', async () => {
      await storage.put('a/b/c.txt', Buffer.from('c'), { content_type: 'text/plain' });
      await storage.put('a/b/d.txt', Buffer.from('d'), { content_type: 'text/plain' });
      await storage.delete('a/b/c.txt');
      await storage.delete('a/b/c.txt');
      await storage.delete('never/was.txt');
      expect(await storage.get('a/b/c.txt')).toBeNull();
      expect(await storage.exists('a/b/c.txt')).toBe(false);
      expect((await storage.get('a/b/d.txt'))?.body.toString()).toBe('d');
    });

    it('concurrent puts of one key leave one whole object, never a mix', async () => {
      const first = Buffer.alloc(300_000, 'a');
      const second = Buffer.alloc(200_000, 'b');
      await Promise.all([
        storage.put('race.bin', first, { content_type: 'text/plain' }),
        storage.put('race.bin', second, { content_type: 'text/plain' }),
      ]);
      const body = (await storage.get('race.bin'))?.body;
      expect(body?.equals(first) || body?.equals(second)).toBe(true);
    });

    it.each(INVALID_KEYS.map((key) => [JSON.stringify(key).slice(0, 40), key]))(
      'refuses the key %s for every operation',
      async (_label, key) => {
        const body = Buffer.from('x');
        await expect(storage.put(key, body, { content_type: 'text/plain' })).rejects.toThrow(
          InvalidObjectKeyError,
        );
        await expect(storage.get(key)).rejects.toThrow(InvalidObjectKeyError);
        await expect(storage.getStream(key)).rejects.toThrow(InvalidObjectKeyError);
        await expect(storage.exists(key)).rejects.toThrow(InvalidObjectKeyError);
        await expect(storage.delete(key)).rejects.toThrow(InvalidObjectKeyError);
      },
    );

    it('refuses a content type that could inject headers', async () => {
      const body = Buffer.from('x');
      await expect(storage.put('k', body, { content_type: '' })).rejects.toThrow(
        InvalidObjectKeyError,
      );
      await expect(
        storage.put('k', body, { content_type: 'text/plain\r\nX-Evil: 1' }),
      ).rejects.toThrow(InvalidObjectKeyError);
      expect(await storage.exists('k')).toBe(false);
    });
  });
}
