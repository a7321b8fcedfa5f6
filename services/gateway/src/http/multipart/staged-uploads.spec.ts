import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DomainError } from '@platform/contracts';
import { FsObjectStorage, TransferArea } from '@platform/object-storage';
import { withStagedText, withStagedUploads } from './staged-uploads';

describe('withStagedUploads', () => {
  let root_dir: string;
  let transfers: TransferArea;

  beforeEach(async () => {
    root_dir = await mkdtemp(path.join(os.tmpdir(), 'staged-uploads-'));
    transfers = new TransferArea(new FsObjectStorage(root_dir), 'test');
  });
  afterEach(() => rm(root_dir, { recursive: true, force: true }));

  const left = async () =>
    (await readdir(root_dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const files = [
    { filename: 'a.pdf', bytes: Buffer.alloc(2 * 1024 * 1024, 1) },
    { filename: 'b.png', bytes: Buffer.from('png') },
  ];

  it('sends references whose bytes the receiver reads, then deletes them', async () => {
    const answer = await withStagedUploads(transfers, files, async (uploads) => {
      expect(uploads).toEqual([
        {
          filename: 'a.pdf',
          upload_key: expect.stringMatching(/^transfers\/test\//),
          size_bytes: files[0]!.bytes.length,
        },
        {
          filename: 'b.png',
          upload_key: expect.stringMatching(/^transfers\/test\//),
          size_bytes: 3,
        },
      ]);
      const read = await Promise.all(uploads.map((upload) => transfers.read(upload.upload_key)));
      expect(read.map((bytes, i) => bytes?.equals(files[i]!.bytes))).toEqual([true, true]);
      return 'stored';
    });
    expect(answer).toBe('stored');
    expect(await left()).toEqual([]);
  });

  it('leaves nothing behind when the command is refused', async () => {
    const refusal = new DomainError('unsupported_file_type', 'no');
    await expect(withStagedUploads(transfers, files, () => Promise.reject(refusal))).rejects.toBe(
      refusal,
    );
    expect(await left()).toEqual([]);
  });
});

describe('withStagedText', () => {
  it('stages base64 text as it came, for the service to decode as before', async () => {
    const root_dir = await mkdtemp(path.join(os.tmpdir(), 'staged-text-'));
    const transfers = new TransferArea(new FsObjectStorage(root_dir), 'test');
    const text = Buffer.alloc(1_000_000, 5).toString('base64');
    const read = await withStagedText(transfers, text, async (key) =>
      (await transfers.take(key)).toString('utf8'),
    );
    expect(read).toBe(text);
    expect(await readdir(root_dir, { recursive: true })).not.toContainEqual(
      expect.stringMatching(/[0-9a-f]{8}-/),
    );
    await rm(root_dir, { recursive: true, force: true });
  });
});
