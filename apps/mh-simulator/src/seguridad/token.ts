import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import type { Store } from '../store';

const PREFIX = 'Bearer ';

/**
 * MH's token is an HS512 JWT whose string already starts with "Bearer " (Manual Técnico §4.1). The
 * signing secret is kept in the DB so tokens survive a restart of the simulator.
 */
export class Tokens {
  private secreto?: Uint8Array;

  constructor(
    private readonly store: Store,
    private readonly ttlSeconds: number,
  ) {}

  private async clave(): Promise<Uint8Array> {
    if (!this.secreto) {
      const valor = await this.store.ajustes.valor('token', randomBytes(64).toString('base64'));
      this.secreto = Buffer.from(valor, 'base64');
    }
    return this.secreto;
  }

  async emitir(nit: string, ahora: Date): Promise<string> {
    const iat = Math.floor(ahora.getTime() / 1000);
    const jwt = await new SignJWT({ authorities: 'Usuario' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(nit)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(await this.clave());
    return PREFIX + jwt;
  }

  /** The NIT of a valid, unexpired token; undefined otherwise (including "Bearer Bearer …"). */
  async verificar(authorization: string | undefined, ahora: Date): Promise<string | undefined> {
    if (!authorization?.startsWith(PREFIX)) return undefined;
    try {
      const { payload } = await jwtVerify(authorization.slice(PREFIX.length), await this.clave(), {
        algorithms: ['HS512'],
        currentDate: ahora,
      });
      return payload.sub;
    } catch {
      return undefined;
    }
  }
}

/** The NIT a token claims, unverified: only used to pick the control scope of a request. */
export function nitDelToken(authorization: string | undefined): string | undefined {
  if (!authorization?.startsWith(PREFIX)) return undefined;
  try {
    return decodeJwt(authorization.slice(PREFIX.length)).sub;
  } catch {
    return undefined;
  }
}
