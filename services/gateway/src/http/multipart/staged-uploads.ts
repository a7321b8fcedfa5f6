import type { UploadedEvidenceFile } from '@platform/contracts';
import type { TransferArea } from '@platform/object-storage';
import type { UploadedFile } from './multipart-upload';

/**
 * The claim check of an upload: each file's bytes are written to the transfer area and `send`
 * gets their references (a Kafka broker refuses a message over ~1 MB). Once the command has
 * answered, success or refusal, the uploads are deleted: a refused one leaves nothing behind.
 */
export async function withStagedUploads<T>(
  transfers: TransferArea,
  files: readonly UploadedFile[],
  send: (uploads: UploadedEvidenceFile[]) => Promise<T>,
): Promise<T> {
  const staged: UploadedEvidenceFile[] = [];
  try {
    for (const file of files) {
      const upload_key = await transfers.put(file.bytes);
      staged.push({ filename: file.filename, upload_key, size_bytes: file.bytes.length });
    }
    return await send(staged);
  } finally {
    await Promise.all(staged.map((upload) => transfers.delete(upload.upload_key)));
  }
}
