import { createHash, generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * MH's "certificado" (the `<NIT>.crt` downloaded from the MH portal) is not an X.509 certificate but an
 * XML `<CertificadoMH>` holding an unencrypted RSA key pair; each key's `clave` is the SHA-512 hex of a
 * password that only gates its use (FACTS.md §2.2, MH's svfe-api-firmador).
 */
export interface CertificadoMH {
  nit: string;
  /** DER X.509 SubjectPublicKeyInfo. */
  publicKeyDer: Buffer;
  /** DER PKCS#8, unencrypted. */
  privateKeyDer: Buffer;
  /** SHA-512 lowercase hex of the private-key password. */
  privateClave: string;
  /** SHA-512 lowercase hex of the public-key password. */
  publicClave: string;
  activo: boolean;
}

export interface GenerateCertificadoInput {
  nit: string;
  privatePassword: string;
  /** MH's portal asks for both; when omitted the private password is used for both keys. */
  publicPassword?: string;
}

/** The password hash MH stores in `clave`: SHA-512 over the UTF-8 bytes, lowercase hex. */
export function claveOf(password: string): string {
  return createHash('sha512').update(password, 'utf8').digest('hex');
}

/** A fresh RSA-2048 key pair packaged as MH's portal issues it. */
export function generateCertificadoMH(input: GenerateCertificadoInput): { xml: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' });
  const llave = (keyType: 'PUBLIC' | 'PRIVATE', der: Buffer, format: string, clave: string) =>
    [
      `  <${keyType === 'PUBLIC' ? 'publicKey' : 'privateKey'}>`,
      `    <keyType>${keyType}</keyType>`,
      '    <algorithm>RSA</algorithm>',
      `    <encodied>${wrap76(der.toString('base64'))}</encodied>`,
      `    <format>${format}</format>`,
      `    <clave>${clave}</clave>`,
      `  </${keyType === 'PUBLIC' ? 'publicKey' : 'privateKey'}>`,
    ].join('\n');
  const xml = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<CertificadoMH>',
    `  <_id>${randomBytes(12).toString('hex')}</_id>`,
    `  <nit>${input.nit}</nit>`,
    llave('PUBLIC', spki, 'X.509', claveOf(input.publicPassword ?? input.privatePassword)),
    llave('PRIVATE', pkcs8, 'PKCS#8', claveOf(input.privatePassword)),
    '  <activo>true</activo>',
    '</CertificadoMH>',
    '',
  ].join('\n');
  return { xml };
}

/** Java's MIME base64 encoder (used by MH's portal) breaks lines at 76 characters. */
function wrap76(b64: string): string {
  return b64.replace(/.{76}(?=.)/g, '$&\n');
}

export class CertificadoMHError extends Error {
  override name = 'CertificadoMHError';
}

function element(xml: string, name: string): string {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!match?.[1]) throw new CertificadoMHError(`CertificadoMH sin <${name}>`);
  return match[1];
}

/** Reads a `<CertificadoMH>` XML; tolerant of the whitespace and line breaks MH puts inside `encodied`. */
export function parseCertificadoMH(xml: string): CertificadoMH {
  const root = element(xml, 'CertificadoMH');
  const publicKey = element(root, 'publicKey');
  const privateKey = element(root, 'privateKey');
  const der = (llave: string) => Buffer.from(element(llave, 'encodied').replace(/\s+/g, ''), 'base64');
  const clave = (llave: string) => element(llave, 'clave').trim().toLowerCase();
  const activo = /<activo>([\s\S]*?)<\/activo>/.exec(root)?.[1]?.trim();
  return {
    nit: element(root, 'nit').trim(),
    publicKeyDer: der(publicKey),
    privateKeyDer: der(privateKey),
    publicClave: clave(publicKey),
    privateClave: clave(privateKey),
    activo: activo === undefined || activo === 'true',
  };
}

/** Whether `password` opens the private key, as MH's firmador checks it (mismatch there is error 803). */
export function checkCertificadoPassword(cert: Pick<CertificadoMH, 'privateClave'>, password: string): boolean {
  const expected = Buffer.from(cert.privateClave, 'hex');
  const given = Buffer.from(claveOf(password), 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
