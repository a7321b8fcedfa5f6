import path from 'node:path';
import { FsObjectStorage } from './fs-object-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage, type S3ObjectStorageConfig } from './s3-object-storage';

export type ObjectStorageKind = 'fs' | 's3';

export type ObjectStorageConfig =
  { kind: 'fs'; root_dir: string } | ({ kind: 's3' } & S3ObjectStorageConfig);

export function createObjectStorage(config: ObjectStorageConfig): ObjectStorage {
  switch (config.kind) {
    case 'fs':
      return new FsObjectStorage(config.root_dir);
    case 's3':
      return S3ObjectStorage.fromConfig(config);
    default: {
      const unknown_kind: never = config;
      throw new Error(`unknown object storage kind: ${JSON.stringify(unknown_kind)}`);
    }
  }
}

/**
 * `OBJECT_STORAGE=fs` (default): files under `OBJECT_STORAGE_DIR`, else `${DATA_DIR}/objects`.
 * `OBJECT_STORAGE=s3`: `S3_BUCKET`, `S3_REGION` (default us-east-1), `S3_ENDPOINT`,
 * `S3_FORCE_PATH_STYLE=true`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, `S3_KEY_PREFIX`.
 */
export function objectStorageConfigFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): ObjectStorageConfig {
  const kind = env.OBJECT_STORAGE ?? 'fs';
  switch (kind) {
    case 'fs':
      return {
        kind,
        root_dir: env.OBJECT_STORAGE_DIR ?? path.join(env.DATA_DIR ?? '.data', 'objects'),
      };
    case 's3':
      return { kind, ...s3ConfigFromEnv(env) };
    default:
      throw new Error(`OBJECT_STORAGE must be "fs" or "s3", got ${JSON.stringify(kind)}`);
  }
}

function s3ConfigFromEnv(env: Readonly<Record<string, string | undefined>>): S3ObjectStorageConfig {
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('OBJECT_STORAGE=s3 needs S3_BUCKET');
  const config: S3ObjectStorageConfig = {
    bucket,
    region: env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1',
    force_path_style: env.S3_FORCE_PATH_STYLE === 'true',
  };
  if (env.S3_ENDPOINT) config.endpoint = env.S3_ENDPOINT;
  if (env.S3_ACCESS_KEY_ID) config.access_key_id = env.S3_ACCESS_KEY_ID;
  if (env.S3_SECRET_ACCESS_KEY) config.secret_access_key = env.S3_SECRET_ACCESS_KEY;
  if (env.S3_KEY_PREFIX) config.key_prefix = env.S3_KEY_PREFIX;
  return config;
}
