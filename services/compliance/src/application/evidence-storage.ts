import { DomainError, type EvidenceFileContent } from '@platform/contracts';
import type { ObjectStorage } from '@platform/object-storage';
import type { EvidenceFile } from '../domain/evidence-files';

/** A file to keep: its object key, its bytes and what they are. */
export interface EvidenceUpload {
  key: string;
  bytes: Buffer;
  file: EvidenceFile;
}

/**
 * Stores the files, then runs `write` (the state that names them). When storing or writing
 * fails, the files stored are removed: no state names a missing file, no file lies unnamed.
 */
export async function storedWith<T>(
  storage: ObjectStorage,
  uploads: readonly EvidenceUpload[],
  write: () => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const upload of uploads) {
      await storage.put(upload.key, upload.bytes, { content_type: upload.file.content_type });
      stored.push(upload.key);
    }
    return await write();
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** The stored bytes of a file the state names; `not_found` when there are none. */
export async function evidenceContent(
  storage: ObjectStorage,
  key: string,
  file: EvidenceFile | undefined,
): Promise<EvidenceFileContent> {
  const stored = file ? await storage.get(key) : null;
  if (!file || !stored) throw new DomainError('not_found', 'file not found');
  return {
    filename: file.filename,
    content_type: file.content_type,
    content_base64: stored.body.toString('base64'),
  };
}
