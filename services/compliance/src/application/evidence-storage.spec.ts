import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DomainError, EVIDENCE_FILE_MAX_BYTES } from '@platform/contracts';
import { FsObjectStorage, TransferArea } from '@platform/object-storage';
import { evidenceContent, uploadedBytes } from './evidence-storage';

describe('evidence files through the transfer area', () => {
  let root_dir: string;
  let storage: FsObjectStorage;
  let transfers: TransferArea;

  beforeEach(async () => {
    root_dir = await mkdtemp(path.join(os.tmpdir(), 'evidence-storage-'));
    storage = new FsObjectStorage(root_dir);
    transfers = new TransferArea(storage, 'test');
  });
  afterEach(() => rm(root_dir, { recursive: true, force: true }));

  it('reads an upload by its key', async () => {
    const upload_key = await transfers.put(Buffer.from('%PDF-1.4'));
    expect((await uploadedBytes(transfers, { upload_key, size_bytes: 8 })).toString()).toBe(
      '%PDF-1.4',
    );
  });

  it('refuses a key outside the area, a gone upload and a declared size over the limit', async () => {
    await storage.put('disputes/acc/d/f', Buffer.from('x'), { content_type: 'text/plain' });
    const cases: [string, number, string][] = [
      ['disputes/acc/d/f', 1, 'invalid_request'],
      ['transfers/test/../../disputes/acc/d/f', 1, 'invalid_request'],
      ['transfers/live/00000000-0000-4000-8000-000000000000', 1, 'invalid_request'],
      ['transfers/test/00000000-0000-4000-8000-000000000000', 1, 'invalid_request'],
      [await transfers.put(Buffer.from('x')), EVIDENCE_FILE_MAX_BYTES + 1, 'file_too_large'],
    ];
    for (const [upload_key, size_bytes, code] of cases) {
      const refused = await uploadedBytes(transfers, { upload_key, size_bytes }).catch((e) => e);
      expect(refused).toBeInstanceOf(DomainError);
      expect((refused as DomainError).code).toBe(code);
    }
  });

  it('answers a download with a transfer copy of the stored file, never its bytes', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 9);
    await storage.put('reviews/acc/r/f', bytes, { content_type: 'application/pdf' });
    const file = {
      file_id: 'f',
      filename: 'a.pdf',
      content_type: 'application/pdf' as const,
      size_bytes: bytes.length,
      uploaded_at: '2026-01-01T00:00:00.000Z',
    };
    const content = await evidenceContent(storage, transfers, 'reviews/acc/r/f', file);
    expect(content).toEqual({
      filename: 'a.pdf',
      content_type: 'application/pdf',
      transfer_key: expect.stringMatching(/^transfers\/test\//),
      size_bytes: bytes.length,
    });
    expect((await transfers.read(content.transfer_key))?.equals(bytes)).toBe(true);
    await expect(evidenceContent(storage, transfers, 'reviews/acc/r/g', undefined)).rejects.toThrow(
      'file not found',
    );
    await expect(evidenceContent(storage, transfers, 'reviews/acc/r/g', file)).rejects.toThrow(
      'file not found',
    );
  });
});
