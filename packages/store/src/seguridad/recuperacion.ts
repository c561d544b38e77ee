import { createHash, randomInt } from 'node:crypto';

/**
 * Recovery codes, shown once at enrolment for when the phone is lost: each one signs in once in place of
 * a TOTP code. 16 characters of a 32-letter alphabet are 80 random bits, too many to guess, so a SHA-256
 * of each is stored as for API tokens (`hashToken`) and a memory-hard hash is not needed.
 */
export const CODIGOS_DE_RECUPERACION = 10;
/** Crockford's base32 without I, L, O, U: nothing to confuse when it is copied by hand. */
const ALFABETO = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Fresh codes, `XXXX-XXXX-XXXX-XXXX`. */
export function nuevosCodigosDeRecuperacion(): string[] {
  return Array.from({ length: CODIGOS_DE_RECUPERACION }, () =>
    Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALFABETO[randomInt(32)]).join('')).join('-'),
  );
}

/** The stored form of a code as a person may type it: without dashes or spaces, in any case. */
export function hashCodigoDeRecuperacion(codigo: string): string {
  const normalizado = codigo.replace(/[\s-]/g, '').toUpperCase();
  return createHash('sha256').update(normalizado, 'utf8').digest('hex');
}
