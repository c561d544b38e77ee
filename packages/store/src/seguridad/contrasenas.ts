import { hash, verify } from '@node-rs/argon2';

/**
 * Persons' passwords, stored as argon2id hashes in PHC form (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), which
 * carry their own parameters: raising them later leaves older hashes verifiable.
 *
 * The parameters are OWASP's first recommended configuration for argon2id (Password Storage Cheat Sheet,
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id, as of 2026:
 * "m=19456 (19 MiB), t=2, p=1"): 19 MiB per attempt bounds what an attacker with the database can try on
 * a GPU, while a sign-in costs the server some tens of milliseconds of one core. `algorithm: 2` is
 * argon2id in the library's `Algorithm` enum, a `const enum` that the tests' transpiler cannot read.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Passwords shorter than this are refused (NIST SP 800-63B §3.1.1.2: at least 8; we ask 12 of a person). */
export const CONTRASENA_MINIMA = 12;
/** argon2 takes any length, but a megabyte "password" is a way to make the server hash a megabyte. */
export const CONTRASENA_MAXIMA = 256;

export async function hashContrasena(contrasena: string): Promise<string> {
  if (contrasena.length < CONTRASENA_MINIMA || contrasena.length > CONTRASENA_MAXIMA)
    throw new Error(`la contraseña debe tener de ${CONTRASENA_MINIMA} a ${CONTRASENA_MAXIMA} caracteres`);
  return hash(contrasena, ARGON2ID);
}

/**
 * A hash of no one's password, made once: a sign-in for an e-mail no person has is verified against it,
 * so it takes as long as a wrong password for one that exists and does not reveal which e-mails do.
 */
let hashDeNadie: Promise<string> | undefined;

/** Whether the password is the one hashed; `null` (no such person, or one without a password yet) never is. */
export async function verificarContrasena(hashGuardado: string | null, contrasena: string): Promise<boolean> {
  if (contrasena.length > CONTRASENA_MAXIMA) return false;
  if (hashGuardado === null) {
    await verify(await (hashDeNadie ??= hash('contraseña de nadie', ARGON2ID)), contrasena);
    return false;
  }
  return verify(hashGuardado, contrasena);
}
