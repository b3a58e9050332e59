import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../config/env.ts';
import { dataDir } from './paths.ts';

/** Where uploaded files live. Keys are opaque and random: nothing about a file can be guessed from its key. */
export interface FileStorage {
  /** Stores the bytes under a new random key and returns the key. */
  put(bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function newStorageKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** Files under `<DATA_DIR>/files`, one file per key. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly directory: string) {}

  private fileOf(key: string): string {
    // Keys are ours, but a key read back from the database never gets to name a path outside the directory.
    if (!KEY_PATTERN.test(key)) throw new Error('Not a storage key');
    return path.join(this.directory, key);
  }

  async put(bytes: Buffer): Promise<string> {
    await fs.mkdir(this.directory, { recursive: true, mode: 0o700 });
    const key = newStorageKey();
    await fs.writeFile(this.fileOf(key), bytes, { flag: 'wx', mode: 0o600 });
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.fileOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}

/** An S3-compatible bucket, addressed path-style (MinIO, Ceph, R2 and AWS all accept it). */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  constructor(
    private readonly bucket: string,
    options: { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string },
  ) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      // Plain bodies with Content-Length (no aws-chunked checksum trailers), which every S3-compatible store accepts.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(bytes: Buffer, contentType: string): Promise<string> {
    const key = newStorageKey();
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
    return key;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return result.Body ? Buffer.from(await result.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close() {
    this.client.destroy();
  }
}

/** The storage FILE_STORAGE chooses; env.ts makes sure the S3 variables are set when it is s3. */
export function createFileStorage(config: Env): FileStorage {
  if (config.FILE_STORAGE === 's3') {
    return new S3FileStorage(config.S3_BUCKET!, {
      endpoint: config.S3_ENDPOINT!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    });
  }
  return new LocalFileStorage(path.join(dataDir(config.DATA_DIR), 'files'));
}
