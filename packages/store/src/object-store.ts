import { Client } from 'minio';
import type { Config } from '@dte/config';

export interface ObjectStoreOptions {
  endpoint: string;
  region: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

/** S3-compatible storage (MinIO locally) for the JSON and PDF of accepted documents and the logos. */
export class ObjectStore {
  private readonly client: Client;
  readonly bucket: string;

  static fromConfig(
    c: Pick<Config, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET'>,
  ): ObjectStore {
    return new ObjectStore({
      endpoint: c.S3_ENDPOINT,
      region: c.S3_REGION,
      accessKey: c.S3_ACCESS_KEY,
      secretKey: c.S3_SECRET_KEY,
      bucket: c.S3_BUCKET,
    });
  }

  constructor(opts: ObjectStoreOptions) {
    const url = new URL(opts.endpoint);
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      useSSL: url.protocol === 'https:',
      region: opts.region,
      accessKey: opts.accessKey,
      secretKey: opts.secretKey,
    });
    this.bucket = opts.bucket;
  }

  /**
   * Replicas starting together all find the bucket missing and all create it: the ones that lose that race
   * are told it exists (BucketAlreadyOwnedByYou, or on some S3s another code), which is what they wanted.
   * A bucket of that name someone else owns stays an error: bucketExists does not answer true for it.
   */
  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket);
    } catch (err) {
      if (!(await this.client.bucketExists(this.bucket))) throw err;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, key, body, body.length, { 'Content-Type': contentType });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const stream = await this.client.getObject(this.bucket, key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    } catch (err) {
      if ((err as { code?: string }).code === 'NoSuchKey') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.statObject(this.bucket, key);
      return true;
    } catch (err) {
      if ((err as { code?: string }).code === 'NotFound' || (err as { code?: string }).code === 'NoSuchKey')
        return false;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, key);
  }

  presignedGet(key: string, expiresSeconds: number, filename: string): Promise<string> {
    return this.client.presignedGetObject(this.bucket, key, expiresSeconds, {
      'response-content-disposition': `attachment; filename="${filename}"`,
    });
  }

  /** A cheap round trip for health checks. */
  async ping(): Promise<void> {
    await this.client.bucketExists(this.bucket);
  }
}
