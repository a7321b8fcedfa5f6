import path from 'node:path';
import { createObjectStorage, type ObjectStorage } from '@platform/object-storage';
import type { PlatformContext } from '@platform/runtime';

export const VERIFICATION_DOCUMENTS = Symbol('VERIFICATION_DOCUMENTS');

/** Where identity documents and selfies are kept: the object-storage port, on the data dir. */
export function openDocumentStorage(context: PlatformContext): ObjectStorage {
  return createObjectStorage({
    kind: 'fs',
    root_dir: path.join(context.data_dir, 'objects', context.environment),
  });
}

export const documentKey = (account_id: string, document_id: string): string =>
  `verifications/${account_id}/${document_id}`;
