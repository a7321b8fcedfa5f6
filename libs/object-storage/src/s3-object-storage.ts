import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertContentType, assertObjectKey } from './object-key';
import {
  DEFAULT_CONTENT_TYPE,
  type ObjectStorage,
  type PutObjectOptions,
  type StoredObject,
  type StoredObjectStream,
} from './object-storage';

export interface S3ObjectStorageConfig {
  bucket: string;
  region: string;
  /** For MinIO and other S3-compatible servers, e.g. `http://127.0.0.1:9000`. */
  endpoint?: string;
  /** MinIO needs `bucket` in the path rather than in the host name. */
  force_path_style?: boolean;
  /** Without them the SDK's default chain (environment, profile, instance role) is used. */
  access_key_id?: string;
  secret_access_key?: string;
  session_token?: string;
  /** Prepended to every key, e.g. `live/`, so environments can share a bucket. */
  key_prefix?: string;
  max_attempts?: number;
  /** Replaces the HTTP layer; tests pass one that answers canned responses. */
  request_handler?: S3ClientConfig['requestHandler'];
}

export function createS3Client(config: S3ObjectStorageConfig): S3Client {
  const client_config: S3ClientConfig = {
    region: config.region,
    forcePathStyle: config.force_path_style ?? false,
    // Checksums only where S3 demands them: several S3-compatible servers reject the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (config.endpoint) client_config.endpoint = config.endpoint;
  if (config.max_attempts) client_config.maxAttempts = config.max_attempts;
  if (config.request_handler) client_config.requestHandler = config.request_handler;
  if (config.access_key_id && config.secret_access_key) {
    client_config.credentials = {
      accessKeyId: config.access_key_id,
      secretAccessKey: config.secret_access_key,
      ...(config.session_token ? { sessionToken: config.session_token } : {}),
    };
  }
  return new S3Client(client_config);
}

export class S3ObjectStorage implements ObjectStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key_prefix = '',
  ) {}

  static fromConfig(config: S3ObjectStorageConfig): S3ObjectStorage {
    return new S3ObjectStorage(createS3Client(config), config.bucket, config.key_prefix ?? '');
  }

  async put(key: string, body: Buffer | Readable, options: PutObjectOptions): Promise<void> {
    const object_key = this.objectKey(key);
    const content_type = assertContentType(options.content_type);
    // S3 needs the length up front; buffering avoids multipart uploads for our document sizes.
    const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: object_key,
        Body: bytes,
        ContentType: content_type,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const found = await this.getStream(key);
    if (!found) return null;
    return { body: await readAll(found.body), content_type: found.content_type };
  }

  async getStream(key: string): Promise<StoredObjectStream | null> {
    const object_key = this.objectKey(key);
    try {
      const output = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: object_key }),
      );
      if (!(output.Body instanceof Readable))
        throw new Error(`S3 returned no readable body for ${object_key}`);
      return {
        body: output.Body,
        content_type: output.ContentType ?? DEFAULT_CONTENT_TYPE,
        size_bytes: output.ContentLength ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  private objectKey(key: string): string {
    return this.key_prefix + assertObjectKey(key);
  }
}

/** GetObject answers NoSuchKey; HeadObject has no body, so only its status says NotFound. */
function isNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
