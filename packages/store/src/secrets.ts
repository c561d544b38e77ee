import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Models } from './db/models';

/**
 * Tenant secrets (MH API passwords, CertificadoMH files and their passwords) at rest: AES-256-GCM with
 * the configured SECRET_KEY, stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    this.key = Buffer.from(hexKey, 'hex');
    if (this.key.length !== 32) throw new Error('SECRET_KEY must be 32 bytes');
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** API tokens are looked up by hash; the token itself is shown once and never stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The record of the token with this hash when it exists and is not revoked. Read by `_id` alone, the one
 * filter FerretDB answers from an index; revocation is checked on the record read. The API reads it through
 * its TenantCache; the console's session keeps the hash instead of the token.
 */
export async function activeApiTokenByHash(models: Models, hash: string) {
  const record = await models.ApiToken.findById(hash).lean();
  return record && !record.revokedAt ? record : null;
}
export type ApiTokenRecord = NonNullable<Awaited<ReturnType<typeof activeApiTokenByHash>>>;
