import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import {
  checkCertificadoPassword,
  decodeDteJws,
  generateCertificadoMH,
  parseCertificadoMH,
  signDte,
  verifyDteJws,
} from '../src/firma';

const nit = '06142803901121';
const privatePassword = 'Priv@da-2026!';
const publicPassword = 'Publ1ca-2026#';
const { xml } = generateCertificadoMH({ nit, privatePassword, publicPassword });
const cert = parseCertificadoMH(xml);
const dte = {
  identificacion: { version: 1, tipoDte: '01', codigoGeneracion: 'A1B2C3D4-0000-4000-8000-000000000001' },
  resumen: { totalPagar: 28.25 },
};

describe('CertificadoMH', () => {
  it('has the structure of the file MH issues', () => {
    expect(xml).toMatch(/<CertificadoMH>\s*<_id>[0-9a-f]{24}<\/_id>\s*<nit>06142803901121<\/nit>/);
    expect(xml).toMatch(
      /<publicKey>\s*<keyType>PUBLIC<\/keyType>\s*<algorithm>RSA<\/algorithm>\s*<encodied>[\s\S]+?<\/encodied>\s*<format>X\.509<\/format>/,
    );
    expect(xml).toMatch(
      /<privateKey>\s*<keyType>PRIVATE<\/keyType>\s*<algorithm>RSA<\/algorithm>\s*<encodied>MIIE[\s\S]+?<\/encodied>\s*<format>PKCS#8<\/format>/,
    );
    expect(xml).toContain('<activo>true</activo>');
    const encodied = /<publicKey>[\s\S]*?<encodied>([\s\S]*?)<\/encodied>/.exec(xml)![1]!.split('\n');
    expect(encodied.slice(0, -1).every((line) => line.length === 76)).toBe(true);
  });

  it('stores each password as the lowercase SHA-512 hex of its UTF-8 bytes', () => {
    expect(cert.privateClave).toBe(createHash('sha512').update(privatePassword, 'utf8').digest('hex'));
    expect(cert.publicClave).toBe(createHash('sha512').update(publicPassword, 'utf8').digest('hex'));
    expect(cert.privateClave).toMatch(/^[0-9a-f]{128}$/);
  });

  it('parses back the NIT and an RSA-2048 key pair', () => {
    expect(cert.nit).toBe(nit);
    expect(cert.activo).toBe(true);
    const publicKey = createPublicKey({ key: cert.publicKeyDer, format: 'der', type: 'spki' });
    const privateKey = createPrivateKey({ key: cert.privateKeyDer, format: 'der', type: 'pkcs8' });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).equals(cert.publicKeyDer)).toBe(true);
    expect(signDte(dte, cert.privateKeyDer).split('.')[2]).toHaveLength(342);
  });

  it('tolerates whitespace and CRLF line breaks inside encodied', () => {
    const reflowed = xml.replace(/\n/g, '\r\n').replace(/<encodied>/g, '<encodied>\n   ');
    const parsed = parseCertificadoMH(reflowed);
    expect(parsed.publicKeyDer.equals(cert.publicKeyDer)).toBe(true);
    expect(parsed.privateKeyDer.equals(cert.privateKeyDer)).toBe(true);
  });

  it('checks the private password', () => {
    expect(checkCertificadoPassword(cert, privatePassword)).toBe(true);
    expect(checkCertificadoPassword(cert, publicPassword)).toBe(false);
    expect(checkCertificadoPassword(cert, '')).toBe(false);
  });

  it('refuses a file that is not a CertificadoMH', () => {
    expect(() => parseCertificadoMH('<x/>')).toThrow(/CertificadoMH/);
  });
});

describe('DTE JWS', () => {
  const jws = signDte(dte, cert.privateKeyDer);

  it('is compact RS512 with the protected header exactly {"alg":"RS512"}', () => {
    const [header, payload] = jws.split('.');
    expect(header).toBe('eyJhbGciOiJSUzUxMiJ9');
    expect(Buffer.from(payload!, 'base64url').toString('utf8')).toBe(JSON.stringify(dte));
    expect(jws).not.toContain('=');
  });

  it('round-trips: the public key verifies it and returns the payload', () => {
    expect(verifyDteJws(jws, cert.publicKeyDer)).toEqual({ valid: true, alg: 'RS512', payload: dte });
  });

  it('is deterministic (RSASSA-PKCS1-v1_5)', () => {
    expect(signDte(dte, cert.privateKeyDer)).toBe(jws);
  });

  it('rejects a tampered payload and withholds it', () => {
    const [header, , signature] = jws.split('.');
    const tampered = Buffer.from(JSON.stringify({ ...dte, resumen: { totalPagar: 1 } })).toString('base64url');
    const result = verifyDteJws(`${header}.${tampered}.${signature}`, cert.publicKeyDer);
    expect(result).toEqual({ valid: false, alg: 'RS512' });
  });

  it('rejects a signature made with another key', () => {
    const other = parseCertificadoMH(generateCertificadoMH({ nit, privatePassword }).xml);
    expect(verifyDteJws(signDte(dte, other.privateKeyDer), cert.publicKeyDer).valid).toBe(false);
  });

  it('reports RS256 as not valid, naming the algorithm', () => {
    const header = Buffer.from('{"alg":"RS256"}').toString('base64url');
    const payload = Buffer.from(JSON.stringify(dte)).toString('base64url');
    const key = { key: cert.privateKeyDer, format: 'der' as const, type: 'pkcs8' as const };
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
    expect(verifyDteJws(`${header}.${payload}.${signature}`, cert.publicKeyDer)).toEqual({
      valid: false,
      alg: 'RS256',
    });
  });

  it('reports garbage as not valid', () => {
    expect(verifyDteJws('not-a-jws', cert.publicKeyDer)).toEqual({ valid: false });
    expect(decodeDteJws('a.b')).toBeUndefined();
  });

  it('accepts a key pair generated outside (any PKCS#8/SPKI RSA key)', () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signed = signDte(dte, pair.privateKey.export({ format: 'der', type: 'pkcs8' }));
    expect(verifyDteJws(signed, pair.publicKey.export({ format: 'der', type: 'spki' })).valid).toBe(true);
  });
});
