import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { METADATA_SUFFIX, assertContentType, assertObjectKey } from './object-key';
import {
  DEFAULT_CONTENT_TYPE,
  type ObjectStorage,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectStream,
} from './object-storage';

interface ObjectMetadata {
  content_type: string;
}

/**
 * Objects as files under one root folder: `<root>/<key>` holds the bytes and
 * `<root>/<key>.meta.json` the content type. Each file is written to a temporary name in the
 * same folder and renamed into place, so a crash never leaves a half-written object.
 */
export class FsObjectStorage implements ObjectStorage {
  private readonly root_dir: string;

  constructor(root_dir: string) {
    this.root_dir = path.resolve(root_dir);
  }

  async put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<void> {
    const file = this.pathFor(key);
    const metadata: ObjectMetadata = { content_type: assertContentType(options.content_type) };
    await mkdir(path.dirname(file), { recursive: true });
    // Metadata first: a reader that sees the new bytes also sees their content type.
    await writeAtomically(file + METADATA_SUFFIX, Buffer.from(JSON.stringify(metadata)));
    await writeAtomically(file, body);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathFor(key);
    const body = await readFile(file).catch(nullWhenMissing);
    if (!body) return null;
    return { body, content_type: await this.contentTypeOf(file) };
  }

  async getStream(key: string): Promise<StoredObjectStream | null> {
    const file = this.pathFor(key);
    const stats = await stat(file).catch(nullWhenMissing);
    if (!stats?.isFile()) return null;
    return {
      body: createReadStream(file),
      content_type: await this.contentTypeOf(file),
      size_bytes: stats.size,
    };
  }

  async delete(key: string): Promise<void> {
    const file = this.pathFor(key);
    await rm(file, { force: true });
    await rm(file + METADATA_SUFFIX, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const stats = await stat(this.pathFor(key)).catch(nullWhenMissing);
    return stats?.isFile() ?? false;
  }

  private pathFor(key: string): string {
    const file = path.resolve(this.root_dir, assertObjectKey(key));
    // assertObjectKey already forbids escaping; this guards the invariant if the rules change.
    if (!file.startsWith(this.root_dir + path.sep))
      throw new Error(`object key escapes the storage root: ${key}`);
    return file;
  }

  private async contentTypeOf(file: string): Promise<string> {
    const text = await readFile(file + METADATA_SUFFIX, 'utf8').catch(nullWhenMissing);
    if (!text) return DEFAULT_CONTENT_TYPE;
    const metadata = JSON.parse(text) as Partial<ObjectMetadata>;
    return typeof metadata.content_type === 'string' ? metadata.content_type : DEFAULT_CONTENT_TYPE;
  }
}

async function writeAtomically(file: string, body: Buffer | Readable): Promise<void> {
  // Temporary names start with '.', which no object key segment may, so they never collide.
  const temporary = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`);
  try {
    if (Buffer.isBuffer(body)) await writeFile(temporary, body, { flush: true });
    else await pipeline(body, createWriteStream(temporary, { flush: true }));
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function nullWhenMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
