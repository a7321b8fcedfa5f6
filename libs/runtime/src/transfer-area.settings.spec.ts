import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTransferArea } from './transfer-area.settings';

describe('openTransferArea', () => {
  let data_dir: string;
  beforeEach(async () => {
    data_dir = await mkdtemp(path.join(os.tmpdir(), 'transfer-settings-'));
  });
  afterEach(() => rm(data_dir, { recursive: true, force: true }));

  it('opens a folder under DATA_DIR/objects by default, keys scoped to the environment', async () => {
    const area = openTransferArea({ raw_settings: {}, data_dir, environment: 'live' });
    const key = await area.put(Buffer.from('bytes'));
    expect(key.startsWith('transfers/live/')).toBe(true);
    expect(await readFile(path.join(data_dir, 'objects', key), 'utf8')).toBe('bytes');
  });

  it('takes OBJECT_STORAGE_DIR, shared by every process that names it', async () => {
    const raw_settings = { OBJECT_STORAGE_DIR: path.join(data_dir, 'shared') };
    const gateway = openTransferArea({ raw_settings, data_dir: '/elsewhere', environment: 'test' });
    const service = openTransferArea({ raw_settings, data_dir, environment: 'test' });
    const key = await gateway.put(Buffer.from('handed over'));
    expect((await service.take(key)).toString()).toBe('handed over');
  });

  it('stops the boot on a bad setting, naming it', () => {
    const open = (raw_settings: Record<string, string>) => () =>
      openTransferArea({ raw_settings, data_dir, environment: 'test' });
    expect(open({ OBJECT_STORAGE: 'ftp' })).toThrow(/invalid configuration: OBJECT_STORAGE/);
    expect(open({ OBJECT_STORAGE: 's3' })).toThrow(/S3_BUCKET: OBJECT_STORAGE=s3 needs S3_BUCKET/);
    expect(open({ OBJECT_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(open({ OBJECT_STORAGE: 's3', S3_BUCKET: 'b' })).not.toThrow();
  });
});
