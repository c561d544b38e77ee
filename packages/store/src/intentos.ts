import type { Connection } from 'mongoose';
import { normalizarCorreo } from '@dte/domain';
import { lastNumber, takeNext } from './db/insert-next';

/**
 * Failed sign-ins, counted per account (the e-mail given, whether or not a person has it: counting only
 * real ones would tell which exist) and per address, to slow down guessing (issue 50). A count is a series
 * of `takeNext` per key and fixed window: the n-th failure takes number n, an insert FerretDB cannot count
 * twice, where a `$inc` under concurrent requests loses failures.
 *
 * The limits follow OWASP's Authentication Cheat Sheet (lock out after a few failures for a short time,
 * without revealing it per account): 5 failures of one account, or 20 from one address, within the window
 * and the one before it refuse further attempts until the window moves on — 15 to 30 minutes.
 */
export const VENTANA_INTENTOS_MS = 15 * 60_000;
export const LIMITE_POR_CUENTA = 5;
export const LIMITE_POR_DIRECCION = 20;

export type ClaveIntento = { correo: string } | { direccion: string };

const ventana = (instante: Date) => Math.floor(instante.getTime() / VENTANA_INTENTOS_MS);
const serie = (clave: ClaveIntento, v: number) =>
  'correo' in clave
    ? `intentos:correo:${normalizarCorreo(clave.correo)}:${v}`
    : `intentos:direccion:${clave.direccion}:${v}`;
const limite = (clave: ClaveIntento) => ('correo' in clave ? LIMITE_POR_CUENTA : LIMITE_POR_DIRECCION);

export class IntentosFallidos {
  constructor(private readonly connection: Connection) {}

  /** Counts a failed sign-in against the key. */
  async registrar(clave: ClaveIntento, ahora = new Date()): Promise<void> {
    await takeNext(this.connection, serie(clave, ventana(ahora)));
  }

  /** The failures counted against the key in the current window and the one before. */
  async cuenta(clave: ClaveIntento, ahora = new Date()): Promise<number> {
    const v = ventana(ahora);
    const [actual, anterior] = await Promise.all([
      lastNumber(this.connection, serie(clave, v)),
      lastNumber(this.connection, serie(clave, v - 1)),
    ]);
    return actual + anterior;
  }

  /** Whether a sign-in for any of the keys is refused now, before its password is even checked. */
  async bloqueado(claves: ClaveIntento[], ahora = new Date()): Promise<boolean> {
    const cuentas = await Promise.all(claves.map((c) => this.cuenta(c, ahora)));
    return claves.some((c, i) => cuentas[i]! >= limite(c));
  }
}
