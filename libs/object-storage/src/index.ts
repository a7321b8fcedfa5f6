export { createObjectStorage, objectStorageConfigFromEnv } from './config';
export type { ObjectStorageConfig, ObjectStorageKind } from './config';
export { FsObjectStorage } from './fs-object-storage';
export {
  InvalidObjectKeyError,
  METADATA_SUFFIX,
  assertContentType,
  assertObjectKey,
} from './object-key';
export { DEFAULT_CONTENT_TYPE } from './object-storage';
export type {
  ObjectStorage,
  PutObjectOptions,
  SignedUrlOptions,
  StoredObject,
  StoredObjectStream,
} from './object-storage';
export { S3ObjectStorage, createS3Client } from './s3-object-storage';
export type { S3ObjectStorageConfig } from './s3-object-storage';
export { TransferArea } from './transfer-area';
