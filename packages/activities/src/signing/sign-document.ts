import { checkCertificadoPassword, parseCertificadoMH, signDte, verifyDteJws } from '@dte/domain';
import { ApplicationFailure } from '@temporalio/common';
import type { ActivityDependencies } from '../dependencies';

/**
 * Signs a DTE or event with the emisor's CertificadoMH: the password is checked as MH's firmador does
 * (SHA-512 hex against `clave`), and the JWS is verified with the public key before it leaves.
 * Key material and passwords stay inside this function: never logged, never returned.
 */
export async function signForEmisor(deps: ActivityDependencies, emisorId: number, payload: object): Promise<string> {
  const emisor = await deps.db.models.Emisor.findOne({ id: emisorId }, { secrets: 1, nit: 1 }).lean();
  if (!emisor?.secrets) throw ApplicationFailure.nonRetryable(`emisor ${emisorId} does not exist`, 'EmisorNotFound');
  const cert = parseCertificadoMH(deps.secrets.open(emisor.secrets.certificado));
  if (!checkCertificadoPassword(cert, deps.secrets.open(emisor.secrets.certificadoPassword))) {
    throw ApplicationFailure.nonRetryable(
      `the certificate password of emisor ${emisor.nit} does not match`,
      'CertificadoPassword',
    );
  }
  const jws = signDte(payload, cert.privateKeyDer);
  if (!verifyDteJws(jws, cert.publicKeyDer).valid) {
    throw ApplicationFailure.nonRetryable(
      `the signature made with emisor ${emisor.nit}'s certificate does not verify`,
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
