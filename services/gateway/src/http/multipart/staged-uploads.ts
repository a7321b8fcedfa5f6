import type { UploadedEvidenceFile } from '@platform/contracts';
import type { TransferArea } from '@platform/object-storage';
import type { UploadedFile } from './multipart-upload';

/**
 * The claim check: each body is written to the transfer area and `send` gets their keys (a Kafka
 * broker refuses a message over ~1 MB, so bytes never ride on the bus). Once the command has
 * answered, success or refusal, they are deleted: a refused upload leaves nothing behind.
 */
export async function withStaged<T>(
  transfers: TransferArea,
  bodies: readonly Buffer[],
  send: (keys: string[]) => Promise<T>,
): Promise<T> {
  const keys: string[] = [];
  try {
    for (const body of bodies) keys.push(await transfers.put(body));
    return await send(keys);
  } finally {
    await Promise.all(keys.map((key) => transfers.delete(key)));
  }
}

/** Uploaded files, staged: `send` gets `{filename, upload_key, size_bytes}` for each. */
export function withStagedUploads<T>(
  transfers: TransferArea,
  files: readonly UploadedFile[],
  send: (uploads: UploadedEvidenceFile[]) => Promise<T>,
): Promise<T> {
  return withStaged(
    transfers,
    files.map((file) => file.bytes),
    (keys) =>
      send(
        files.map((file, index) => ({
          filename: file.filename,
          upload_key: keys[index] as string,
          size_bytes: file.bytes.length,
        })),
      ),
  );
}

/** A file sent as base64 text in JSON, staged as that text; the service decodes it as before. */
export function withStagedText<T>(
  transfers: TransferArea,
  text: string,
  send: (key: string) => Promise<T>,
): Promise<T> {
  return withStaged(transfers, [Buffer.from(text, 'utf8')], (keys) => send(keys[0] as string));
}
