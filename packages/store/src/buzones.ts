import type { Connection } from 'mongoose';
import type { MotivoBuzon } from '@dte/contract';
import type { BuzonRequest } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';
import { lastNumber, takeNext } from './db/insert-next';
import type { SecretBox } from './secrets';

/**
 * Each emisor's IMAP mailbox (one record by `_id`, its password sealed like the other tenant secrets),
 * what its last reading did, and the messages it could not take, kept as numbered entries read by `_id`
 * (the only lookup FerretDB answers from an index), newest first.
 */

export interface BuzonRecord {
  _id: string;
  emisorId: number;
  host: string;
  port: number;
  tls: boolean;
  usuario: string;
  /** Sealed by the SecretBox (SECRET_KEY). */
  password: string;
  carpeta: string;
  desde: string | null;
  actualizadoEn: Date;
  ultimaLectura: { en: Date; mensajes: number; tomados: number; informes: number } | null;
  ultimoError: { en: Date; mensaje: string } | null;
}

/** A message (or one attachment of it) that gave no Archivo DTE. */
export interface InformeBuzon {
  _id: string;
  emisorId: number;
  en: Date;
  mensajeId: string | null;
  asunto: string | null;
  remitente: string | null;
  /** The attachment's file name; null when the message as a whole is reported (no JSON in it). */
  adjunto: string | null;
  motivo: MotivoBuzon;
  detalle: string;
}

/** What the reader needs to log in, the password opened. */
export interface CredencialesBuzon {
  host: string;
  port: number;
  tls: boolean;
  usuario: string;
  password: string;
  carpeta: string;
  desde: string | null;
}

const buzonId = (emisorId: number) => `buzon:${emisorId}`;
const serieInformes = (emisorId: number) => `buzon-informes:${emisorId}`;

export class Buzones {
  constructor(
    private readonly connection: Connection,
    private readonly secrets: SecretBox,
  ) {}

  private get buzones() {
    return this.connection.collection<BuzonRecord>('buzones');
  }

  private get informesCol() {
    return this.connection.collection<InformeBuzon>('buzon_informes');
  }

  /** Sets (or replaces) the emisor's mailbox; its reading history is kept. */
  async guardar(emisorId: number, pedido: BuzonRequest): Promise<BuzonRecord> {
    const { password, desde, ...resto } = pedido;
    await this.buzones.updateOne(
      { _id: buzonId(emisorId) },
      {
        $set: {
          ...resto,
          emisorId,
          desde: desde ?? null,
          password: this.secrets.seal(password),
          actualizadoEn: new Date(),
        },
        $setOnInsert: { ultimaLectura: null, ultimoError: null },
      },
      { upsert: true },
    );
    return (await this.leer(emisorId))!;
  }

  leer(emisorId: number): Promise<BuzonRecord | null> {
    return this.buzones.findOne({ _id: buzonId(emisorId) });
  }

  async eliminar(emisorId: number): Promise<boolean> {
    return (await this.buzones.deleteOne({ _id: buzonId(emisorId) })).deletedCount === 1;
  }

  async credenciales(emisorId: number): Promise<CredencialesBuzon | null> {
    const b = await this.leer(emisorId);
    if (!b) return null;
    const { host, port, tls, usuario, carpeta, desde } = b;
    return { host, port, tls, usuario, carpeta, desde, password: this.secrets.open(b.password) };
  }

  /** The emisores with a mailbox: one record each, so the whole (small) collection is read. */
  async emisores(): Promise<number[]> {
    const todos = await this.buzones.find({}, { projection: { emisorId: 1 } }).toArray();
    return todos.map((b) => b.emisorId).sort((a, b) => a - b);
  }

  async registrarLectura(emisorId: number, lectura: { mensajes: number; tomados: number; informes: number }) {
    await this.buzones.updateOne(
      { _id: buzonId(emisorId) },
      { $set: { ultimaLectura: { en: new Date(), ...lectura }, ultimoError: null } },
    );
  }

  async registrarError(emisorId: number, mensaje: string) {
    await this.buzones.updateOne({ _id: buzonId(emisorId) }, { $set: { ultimoError: { en: new Date(), mensaje } } });
  }

  /**
   * Records what a message gave instead of an Archivo DTE, once per `clave` (the message and attachment):
   * a reading retried before it marked the message reports it again under the same number.
   */
  async informar(emisorId: number, clave: string, informe: Omit<InformeBuzon, '_id' | 'emisorId' | 'en'>) {
    const n = await takeNext(this.connection, serieInformes(emisorId), clave);
    try {
      await this.informesCol.insertOne({
        _id: `${serieInformes(emisorId)}:${n}`,
        emisorId,
        en: new Date(),
        ...informe,
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** The latest reports, newest first. */
  async informes(emisorId: number, limit: number): Promise<InformeBuzon[]> {
    const ultimo = await lastNumber(this.connection, serieInformes(emisorId));
    const numeros = Array.from({ length: Math.min(limit, ultimo) }, (_, i) => ultimo - i);
    const leidos = await Promise.all(
      numeros.map((n) => this.informesCol.findOne({ _id: `${serieInformes(emisorId)}:${n}` })),
    );
    return leidos.filter((i): i is InformeBuzon => !!i);
  }
}

/** The mailbox as the API shows it: never its password. */
export function buzonView(b: BuzonRecord, informes: InformeBuzon[]) {
  return {
    host: b.host,
    port: b.port,
    tls: b.tls,
    usuario: b.usuario,
    carpeta: b.carpeta,
    desde: b.desde,
    actualizadoEn: b.actualizadoEn.toISOString(),
    ultimaLectura: b.ultimaLectura && { ...b.ultimaLectura, en: b.ultimaLectura.en.toISOString() },
    ultimoError: b.ultimoError && { ...b.ultimoError, en: b.ultimoError.en.toISOString() },
    noLeidos: informes.map(({ _id: _, emisorId: __, en, ...i }) => ({ ...i, en: en.toISOString() })),
  };
}
