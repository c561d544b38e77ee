import { createPrivateKey, createPublicKey, KeyObject, sign, verify } from 'node:crypto';

/**
 * MH accepts DTEs as JWS compact serialization signed RS512 with the protected header exactly
 * `{"alg":"RS512"}` (what MH's own firmador emits; FACTS.md §2.3). RS256 is rejected by MH (802).
 */
const HEADER_B64 = Buffer.from('{"alg":"RS512"}', 'utf8').toString('base64url');

/**
 * Signs a DTE (or event) object: the payload is the JSON of the object itself, not wrapped in a claim.
 * The key is PKCS#8 DER, or a KeyObject made from it once by a caller that signs many documents.
 */
export function signDte(payload: object, privateKey: Buffer | KeyObject): string {
  const key =
    privateKey instanceof KeyObject ? privateKey : createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' });
  const signingInput = `${HEADER_B64}.${Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')}`;
  const signature = sign('sha512', Buffer.from(signingInput, 'ascii'), key);
  return `${signingInput}.${signature.toString('base64url')}`;
}

export interface DecodedJws {
  header: Record<string, unknown>;
  payload: unknown;
}

/** Decodes without verifying, to report on a document whose signature is bad; undefined when not a JWS. */
export function decodeDteJws(jws: string): DecodedJws | undefined {
  const parts = jws.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as unknown;
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as unknown;
    if (!header || typeof header !== 'object' || Array.isArray(header)) return undefined;
    return { header: header as Record<string, unknown>, payload };
  } catch {
    return undefined;
  }
}

export interface JwsVerification {
  valid: boolean;
  /** The header's `alg`, reported even when it is not RS512 so callers can say why they refuse. */
  alg?: string;
  /** Present only when the signature is valid. */
  payload?: unknown;
}

/** The key is SPKI DER, or a KeyObject made from it. */
export function verifyDteJws(jws: string, publicKey: Buffer | KeyObject): JwsVerification {
  const decoded = decodeDteJws(jws);
  if (!decoded) return { valid: false };
  const alg = typeof decoded.header.alg === 'string' ? decoded.header.alg : undefined;
  if (alg !== 'RS512') return { valid: false, alg };
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const key =
    publicKey instanceof KeyObject ? publicKey : createPublicKey({ key: publicKey, format: 'der', type: 'spki' });
  const valid = verify(
    'sha512',
    Buffer.from(`${header}.${payload}`, 'ascii'),
    key,
    Buffer.from(signature, 'base64url'),
  );
  return valid ? { valid, alg, payload: decoded.payload } : { valid, alg };
}
