import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { checkCertificadoPassword, parseCertificadoMH, signDte, verifyDteJws } from '@dte/domain';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityDependencies } from '../dependencies';

interface Signer {
  /** The sealed certificate and password the keys were opened from: another value means a rotation. */
  sealed: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Opened keys per emisor, so a document costs a signature and not a certificate parse. */
const signers = new Map<number, Signer>();

/**
 * The emisor's keys from its CertificadoMH, after the password check MH's firmador makes (SHA-512 hex
 * against `clave`). Opened again whenever the emisor's sealed certificate or password changes.
 */
async function signerFor(deps: ActivityDependencies, emisorId: number): Promise<Signer & { nit: string }> {
  const emisor = await deps.tenants.emisor(emisorId);
  if (!emisor?.secrets) throw ApplicationFailure.nonRetryable(`emisor ${emisorId} does not exist`, 'EmisorNotFound');
  const sealed = `${emisor.secrets.certificado}\n${emisor.secrets.certificadoPassword}`;
  let signer = signers.get(emisorId);
  if (signer?.sealed !== sealed) {
    const cert = parseCertificadoMH(deps.secrets.open(emisor.secrets.certificado));
    if (!checkCertificadoPassword(cert, deps.secrets.open(emisor.secrets.certificadoPassword))) {
      throw ApplicationFailure.nonRetryable(
        `the certificate password of emisor ${emisor.nit} does not match`,
        'CertificadoPassword',
      );
    }
    signer = {
      sealed,
      privateKey: createPrivateKey({ key: cert.privateKeyDer, format: 'der', type: 'pkcs8' }),
      publicKey: createPublicKey({ key: cert.publicKeyDer, format: 'der', type: 'spki' }),
    };
    signers.set(emisorId, signer);
  }
  return { ...signer, nit: emisor.nit };
}

/**
 * Signs a DTE or event with the emisor's CertificadoMH, and verifies the JWS with the public key before
 * it leaves. Key material and passwords stay inside this module: never logged, never returned.
 */
export async function signForEmisor(deps: ActivityDependencies, emisorId: number, payload: object): Promise<string> {
  const { privateKey, publicKey, nit } = await signerFor(deps, emisorId);
  const jws = signDte(payload, privateKey);
  if (!verifyDteJws(jws, publicKey).valid) {
    throw ApplicationFailure.nonRetryable(
      `the signature made with emisor ${nit}'s certificate does not verify`,
      'SignatureInvalid',
    );
  }
  return jws;
}

export function createSigningActivities(deps: ActivityDependencies) {
  return {
    signDocument(emisorId: number, payload: object): Promise<string> {
      return signForEmisor(deps, emisorId, payload);
    },
  };
}
