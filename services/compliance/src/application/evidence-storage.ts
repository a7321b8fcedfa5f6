import {
  DomainError,
  EVIDENCE_FILE_MAX_BYTES,
  type EvidenceFileContent,
  type UploadedEvidenceFile,
} from '@platform/contracts';
import type { ObjectStorage, TransferArea } from '@platform/object-storage';
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

/**
 * The bytes of an uploaded file, read from the transfer area by the key the gateway sent (a key
 * outside the area is `invalid_request`). A declared size over the limit is refused unread.
 */
export async function uploadedBytes(
  transfers: TransferArea,
  upload: Pick<UploadedEvidenceFile, 'upload_key' | 'size_bytes'>,
): Promise<Buffer> {
  if (upload.size_bytes > EVIDENCE_FILE_MAX_BYTES) {
    throw new DomainError('file_too_large', 'a file may be at most 50 MB');
  }
  return transfers.take(upload.upload_key);
}

/**
 * A file the state names, copied into the transfer area for the gateway to stream (bytes never
 * ride on the bus); `not_found` when there is none.
 */
export async function evidenceContent(
  storage: ObjectStorage,
  transfers: TransferArea,
  key: string,
  file: EvidenceFile | undefined,
): Promise<EvidenceFileContent> {
  const stored = file ? await storage.getStream(key) : null;
  if (!file || !stored) throw new DomainError('not_found', 'file not found');
  const transfer_key = await transfers.put(stored.body, file.content_type);
  return {
    filename: file.filename,
    content_type: file.content_type,
    transfer_key,
    size_bytes: file.size_bytes,
  };
}
