import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DomainError } from '@platform/contracts';
import { FsObjectStorage } from './fs-object-storage';
import { TransferArea } from './transfer-area';

describe('TransferArea', () => {
  let root_dir: string;
  let storage: FsObjectStorage;

  beforeEach(async () => {
    root_dir = await mkdtemp(path.join(os.tmpdir(), 'transfer-area-'));
    storage = new FsObjectStorage(root_dir);
  });

  afterEach(async () => {
    await rm(root_dir, { recursive: true, force: true });
  });

  it('writes the bytes under a fresh key of its environment and reads them back by key', async () => {
    const area = new TransferArea(storage, 'test');
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const key = await area.put(bytes, 'application/pdf');
    expect(key).toMatch(/^transfers\/test\/[0-9a-f-]{36}$/);
    expect((await area.read(key))?.equals(bytes)).toBe(true);
    expect(await area.put(bytes)).not.toBe(key);
  });

  it('answers storage_unavailable, naming nothing of the store, when the store fails', async () => {
    const area = new TransferArea(storage, 'test');
    const key = await area.put(Buffer.from('x'));
    // The store's folder is replaced by a file: every write now fails underneath.
    await rm(root_dir, { recursive: true, force: true });
    await writeFile(root_dir, 'not a folder');
    const failure = await area.put(Buffer.from('y')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect(failure).toMatchObject({ code: 'storage_unavailable' });
    expect((failure as Error).message).not.toContain(root_dir);
    // What can no longer be found is gone, not a failure.
    expect(await area.read(key)).toBeNull();
    await rm(root_dir, { force: true });
  });

  it('deletes an object; reading it afterwards finds nothing', async () => {
    const area = new TransferArea(storage, 'test');
    const key = await area.put(Buffer.from('x'));
    await area.delete(key);
    await area.delete(key);
    expect(await area.read(key)).toBeNull();
  });

  it("refuses another environment's keys and anything outside the area, leaving them intact", async () => {
    const live = new TransferArea(storage, 'live');
    const test = new TransferArea(storage, 'test');
    const live_key = await live.put(Buffer.from('live bytes'));
    await storage.put('disputes/acc/d/f', Buffer.from('stored'), { content_type: 'text/plain' });
    for (const key of [
      live_key,
      'disputes/acc/d/f',
      'transfers/test/../../disputes/acc/d/f',
      `transfers/test/${live_key.slice(-36)}/..`,
      '',
    ]) {
      expect(test.owns(key)).toBe(false);
      await expect(test.read(key)).rejects.toEqual(
        new DomainError('invalid_request', 'unknown file reference'),
      );
      await test.delete(key);
    }
    expect((await live.read(live_key))?.toString()).toBe('live bytes');
    expect((await storage.get('disputes/acc/d/f'))?.body.toString()).toBe('stored');
  });
});
