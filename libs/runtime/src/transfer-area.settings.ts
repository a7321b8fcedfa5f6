import path from 'node:path';
import { z } from 'zod';
import {
  createObjectStorage,
  TransferArea,
  type ObjectStorage,
  type ObjectStorageConfig,
} from '@platform/object-storage';
import type { PlatformContext } from './context';
import { booleanSetting } from './shared.settings';
import { parseSettings } from './settings';

/**
 * The store every process of a deployment shares for the files it hands over (the claim check:
 * file bytes never ride on the bus). The gateway, compliance and payouts open it at boot.
 */
export const transferAreaSettings = z
  .object({
    OBJECT_STORAGE: z
      .enum(['fs', 's3'])
      .default('fs')
      .describe(
        'where uploaded and downloaded files wait between the gateway and the services: `fs` (a folder every process of the deployment shares) or `s3` (a bucket)',
      ),
    OBJECT_STORAGE_DIR: z
      .string()
      .min(1)
      .optional()
      .meta({ unset: '`DATA_DIR/objects`' })
      .describe('the shared folder of `OBJECT_STORAGE=fs`'),
    S3_BUCKET: z
      .string()
      .min(1)
      .optional()
      .meta({ unset: 'required by `OBJECT_STORAGE=s3`' })
      .describe('the bucket of `OBJECT_STORAGE=s3`'),
    S3_REGION: z.string().min(1).default('us-east-1').describe('the bucket’s region'),
    S3_ENDPOINT: z
      .url()
      .optional()
      .meta({ unset: 'AWS S3' })
      .describe('an S3-compatible server (MinIO, …)'),
    S3_FORCE_PATH_STYLE: booleanSetting()
      .default(false)
      .describe('`true` puts the bucket in the path (MinIO)'),
    S3_ACCESS_KEY_ID: z
      .string()
      .min(1)
      .optional()
      .meta({ unset: 'the AWS default chain' })
      .describe('the access key of `OBJECT_STORAGE=s3` (with `S3_SECRET_ACCESS_KEY`)'),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .min(1)
      .optional()
      .meta({ unset: 'the AWS default chain' })
      .describe('the secret key of `OBJECT_STORAGE=s3` (with `S3_ACCESS_KEY_ID`)'),
    S3_KEY_PREFIX: z
      .string()
      .min(1)
      .optional()
      .meta({ unset: 'none' })
      .describe('prefix of every key in the bucket, so deployments can share one'),
  })
  .refine((settings) => settings.OBJECT_STORAGE !== 's3' || settings.S3_BUCKET !== undefined, {
    message: 'OBJECT_STORAGE=s3 needs S3_BUCKET',
    path: ['S3_BUCKET'],
  });

function storageConfigOf(
  settings: z.output<typeof transferAreaSettings>,
  data_dir: string,
): ObjectStorageConfig {
  if (settings.OBJECT_STORAGE === 'fs') {
    return { kind: 'fs', root_dir: settings.OBJECT_STORAGE_DIR ?? path.join(data_dir, 'objects') };
  }
  return {
    kind: 's3',
    bucket: settings.S3_BUCKET ?? '',
    region: settings.S3_REGION,
    force_path_style: settings.S3_FORCE_PATH_STYLE,
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
    ...(settings.S3_KEY_PREFIX ? { key_prefix: settings.S3_KEY_PREFIX } : {}),
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? {
          access_key_id: settings.S3_ACCESS_KEY_ID,
          secret_access_key: settings.S3_SECRET_ACCESS_KEY,
        }
      : {}),
  };
}

/**
 * The deployment's object store (the `OBJECT_STORAGE` settings, parsed at boot: a bad value stops
 * it), for a service's own files: keys under a prefix of its own, never `transfers/`.
 */
export function openObjectStore(
  context: Pick<PlatformContext, 'raw_settings' | 'data_dir'>,
): ObjectStorage {
  const settings = parseSettings(transferAreaSettings, context.raw_settings);
  return createObjectStorage(storageConfigOf(settings, context.data_dir));
}

/** The context's transfer area (its settings parsed once, at boot: a bad value stops it). */
export function openTransferArea(
  context: Pick<PlatformContext, 'raw_settings' | 'data_dir' | 'environment'>,
): TransferArea {
  return new TransferArea(openObjectStore(context), context.environment);
}

export const TRANSFER_AREA = Symbol('TRANSFER_AREA');
