import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FsObjectStorage, createObjectStorage, objectStorageConfigFromEnv } from './index';
import { describeObjectStorageContract } from './object-storage.contract';

async function temporaryRoot(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'object-storage-'));
}

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describeObjectStorageContract('filesystem', async () => {
  const root_dir = await temporaryRoot();
  return {
    storage: createObjectStorage({ kind: 'fs', root_dir: path.join(root_dir, 'objects') }),
    cleanup: () => rm(root_dir, { recursive: true, force: true }),
  };
});

describe('FsObjectStorage layout', () => {
  let root_dir: string;

  beforeEach(async () => {
    root_dir = await temporaryRoot();
  });

  afterEach(async () => {
    await rm(root_dir, { recursive: true, force: true });
  });

  it('keeps the bytes at the key and the content type in a sidecar, with no temporary files left', async () => {
    const storage = new FsObjectStorage(root_dir);
    await storage.put('org_1/a.pdf', Buffer.from('pdf'), { content_type: 'application/pdf' });
    await storage.put('org_1/a.pdf', Readable.from([Buffer.from('pdf v2')]), {
      content_type: 'application/pdf',
    });
    expect(await allFiles(root_dir)).toEqual(['org_1/a.pdf', 'org_1/a.pdf.meta.json']);
    expect(
      JSON.parse(await readFile(path.join(root_dir, 'org_1/a.pdf.meta.json'), 'utf8')),
    ).toEqual({
      content_type: 'application/pdf',
    });
    await storage.delete('org_1/a.pdf');
    expect(await allFiles(root_dir)).toEqual([]);
  });

  it('a stream that fails midway leaves the previous object intact and no temporary file', async () => {
    const storage = new FsObjectStorage(root_dir);
    await storage.put('report.csv', Buffer.from('old,complete'), { content_type: 'text/csv' });
    const failing = new Readable({
      read() {
        this.push(Buffer.from('new,partial'));
        this.destroy(new Error('upstream connection lost'));
      },
    });
    await expect(storage.put('report.csv', failing, { content_type: 'text/csv' })).rejects.toThrow(
      'upstream connection lost',
    );
    expect((await storage.get('report.csv'))?.body.toString()).toBe('old,complete');
    expect(await allFiles(root_dir)).toEqual(['report.csv', 'report.csv.meta.json']);
  });

  it('never reads or writes outside its root', async () => {
    const outside = path.join(root_dir, 'secret.txt');
    await writeFile(outside, 'do not touch');
    const storage = new FsObjectStorage(path.join(root_dir, 'objects'));
    await expect(storage.get('../secret.txt')).rejects.toThrow();
    await expect(storage.delete('../secret.txt')).rejects.toThrow();
    await expect(
      storage.put('../secret.txt', Buffer.from('x'), { content_type: 'text/plain' }),
    ).rejects.toThrow();
    expect(await readFile(outside, 'utf8')).toBe('do not touch');
  });

  it('serves a file without sidecar as application/octet-stream', async () => {
    const storage = new FsObjectStorage(root_dir);
    await writeFile(path.join(root_dir, 'legacy.bin'), 'raw');
    expect(await storage.get('legacy.bin')).toEqual({
      body: Buffer.from('raw'),
      content_type: 'application/octet-stream',
    });
  });
});

describe('objectStorageConfigFromEnv', () => {
  it('defaults to the filesystem under DATA_DIR/objects', () => {
    expect(objectStorageConfigFromEnv({ DATA_DIR: '/var/lib/platform' })).toEqual({
      kind: 'fs',
      root_dir: '/var/lib/platform/objects',
    });
    expect(objectStorageConfigFromEnv({})).toEqual({ kind: 'fs', root_dir: '.data/objects' });
  });

  it('reads the S3 settings for MinIO', () => {
    expect(
      objectStorageConfigFromEnv({
        OBJECT_STORAGE: 's3',
        S3_BUCKET: 'platform',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'platform',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      force_path_style: true,
      access_key_id: 'minio',
      secret_access_key: 'minio-secret',
    });
  });

  it('rejects an unknown kind and an S3 config without bucket', () => {
    expect(() => objectStorageConfigFromEnv({ OBJECT_STORAGE: 'ftp' })).toThrow(
      /must be "fs" or "s3"/,
    );
    expect(() => objectStorageConfigFromEnv({ OBJECT_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});
