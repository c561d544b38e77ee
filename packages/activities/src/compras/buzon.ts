import { ImapFlow, type MailboxObject, type SearchObject } from 'imapflow';
import { simpleParser } from 'mailparser';
import { DESTINO_NO_PERMITIDO } from '@dte/contract';
import { DteError, ErrorCode, hostPrivado } from '@dte/domain';
import { Buzones, type CredencialesBuzon } from '@dte/store';
import type { ActivityDependencies } from '../dependencies';
import { lookupPublico } from '../destino';
import { extraerArchivos } from './buzon-adjuntos';

/**
 * The keyword that marks a message the service has taken. A mailbox that does not keep keywords of the
 * client's own (Microsoft 365/Exchange: no `\*` in PERMANENTFLAGS) is marked `\Flagged` instead, so a
 * message a person flags there by hand is left alone.
 */
export const MARCA_TOMADO = 'DteTomado';

/** The marker this mailbox keeps (see MARCA_TOMADO). */
export function marcaDelBuzon(mailbox: Pick<MailboxObject, 'permanentFlags'>): string {
  const flags = mailbox.permanentFlags;
  return !flags || flags.has('\\*') ? MARCA_TOMADO : '\\Flagged';
}

/** The messages not marked yet, received on `desde` or later. */
export function busquedaPendientes(marca: string, desde: string | null): SearchObject {
  return {
    ...(marca === MARCA_TOMADO ? { unKeyword: MARCA_TOMADO } : { flagged: false }),
    ...(desde ? { since: desde } : {}),
  };
}

/** An Archivo DTE stored from a message (`Compras.guardarEntrante`), for `RecibirCompra`. */
export interface EntranteDelBuzon {
  codigoGeneracion: string;
  jsonKey: string;
  pdfKey: string | null;
}

export interface MensajeDelBuzon {
  uid: number;
  mensajeId: string | null;
  entrantes: EntranteDelBuzon[];
}

export interface LoteDelBuzon {
  /** The folder's UIDVALIDITY: the uids are marked only if it is still the same. */
  uidValidity: string;
  mensajes: MensajeDelBuzon[];
  /** Messages and attachments reported (no Archivo DTE). */
  informes: number;
  /** More unmarked messages than the batch took. */
  quedan: boolean;
}

export interface LeerBuzonInput {
  emisorId: number;
  /** Messages read at most. */
  limite: number;
}

function buzonNoEncontrado(emisorId: number): DteError {
  return new DteError(ErrorCode.BUZON_NOT_FOUND, 404, `El emisor ${emisorId} no tiene buzón configurado`, {
    emisorId,
  });
}

/** The mailbox's host is one the deployment does not let a tenant reach (BUZON_PERMITIR_DESTINOS_PRIVADOS). */
const MOTIVO_DESTINO = 'El servidor del buzón está en una dirección privada o local, que este servicio no admite';
/**
 * Any failure before the server answered as an IMAP server: a port that refuses, one that stays silent, a
 * name that does not resolve, a timeout, a TLS handshake. Told apart, they would answer which ports of a host
 * are open (a port scan by mailbox); the worker's log keeps the real error for the operator.
 */
const MOTIVO_CONEXION = 'No se pudo conectar con el servidor del buzón';

type ErrorImap = { serverResponseCode?: string; responseText?: string; message?: string; code?: string };

/** The failure as the operator's log keeps it: the server's answer, or the connection's error, without the stack. */
function respuesta(err: unknown): string {
  const e = err as ErrorImap;
  if (e.responseText) return [e.serverResponseCode, e.responseText].filter(Boolean).join(' ');
  return [e.code, e.message].filter(Boolean).join(' ') || String(err);
}

/**
 * The failure as the emisor reads it (`ultimoError`, POST /buzon/lectura's 502): what the IMAP server
 * answered (a login or a folder refused), else fixed words (MOTIVO_DESTINO, MOTIVO_CONEXION).
 */
function motivoParaElEmisor(err: unknown): string {
  const e = err as ErrorImap;
  if (e.code === DESTINO_NO_PERMITIDO) return MOTIVO_DESTINO;
  return e.responseText ? respuesta(err) : MOTIVO_CONEXION;
}

export function createBuzonActivities(deps: ActivityDependencies) {
  const buzones = new Buzones(deps.db.connection, deps.secrets);

  /** Records the failure on the mailbox and answers it as BUZON_INACCESIBLE (see `conBuzon`). */
  async function inaccesible(emisorId: number, host: string, err: unknown): Promise<never> {
    const detalle = motivoParaElEmisor(err);
    await buzones.registrarError(emisorId, detalle);
    deps.log.warn({ emisorId, host, error: respuesta(err) }, 'mailbox not readable');
    throw new DteError(ErrorCode.BUZON_INACCESIBLE, 502, 'No se pudo leer el buzón', { emisorId, detalle });
  }

  /**
   * Logs in and locks the folder for `trabajo`. What the server refuses (connection, login, folder) is
   * recorded on the mailbox and answered as BUZON_INACCESIBLE, a refusal: the next scheduled reading is
   * the retry, not the activity's. Unless the deployment allows private destinations, the host must be
   * public now as when it was set (`hostPrivado`, and every address it resolves to at this connection).
   */
  async function conBuzon<T>(emisorId: number, trabajo: (client: ImapFlow, buzon: CredencialesBuzon) => Promise<T>) {
    const buzon = await buzones.credenciales(emisorId);
    if (!buzon) throw buzonNoEncontrado(emisorId);
    const privados = deps.config.BUZON_PERMITIR_DESTINOS_PRIVADOS;
    if (!privados && hostPrivado(buzon.host))
      return inaccesible(
        emisorId,
        buzon.host,
        Object.assign(new Error(MOTIVO_DESTINO), { code: DESTINO_NO_PERMITIDO }),
      );
    const client = new ImapFlow({
      host: buzon.host,
      port: buzon.port,
      secure: buzon.tls,
      auth: { user: buzon.usuario, pass: buzon.password },
      logger: false,
      // Passed to net.connect and tls.connect alike.
      ...(privados ? {} : { tls: { lookup: lookupPublico(MOTIVO_DESTINO) } }),
    });
    // An error event (the server hanging up between commands) would otherwise throw in the worker's process;
    // the command under way fails by itself.
    client.on('error', (err) => deps.log.warn({ emisorId, error: respuesta(err) }, 'mailbox connection error'));
    let lock;
    try {
      await client.connect();
      lock = await client.getMailboxLock(buzon.carpeta);
    } catch (err) {
      client.close();
      return inaccesible(emisorId, buzon.host, err);
    }
    try {
      return await trabajo(client, buzon);
    } finally {
      lock.release();
      await client.logout().catch(() => client.close());
    }
  }

  return {
    /** The emisores whose mailbox the schedule reads. */
    async buzonesConfigurados(): Promise<number[]> {
      return buzones.emisores();
    },

    /**
     * Reads up to `limite` unmarked messages, oldest first: stores each Archivo DTE (and its PDF) they carry
     * and records what gave none. Marks nothing: the workflow marks the messages once the verifications
     * are started, so a reading lost half-way reads them again (the store's keys and the reports are
     * idempotent, the verifications are keyed by codigoGeneracion).
     */
    async leerBuzon({ emisorId, limite }: LeerBuzonInput): Promise<LoteDelBuzon> {
      return conBuzon(emisorId, async (client, buzon) => {
        const mailbox = client.mailbox as MailboxObject;
        const uids = ((await client.search(busquedaPendientes(marcaDelBuzon(mailbox), buzon.desde), { uid: true })) ||
          []) as number[];
        uids.sort((a, b) => a - b);
        const lote: LoteDelBuzon = {
          uidValidity: String(mailbox.uidValidity),
          mensajes: [],
          informes: 0,
          quedan: uids.length > limite,
        };
        for (const uid of uids.slice(0, limite)) {
          const mensaje = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!mensaje || !mensaje.source) continue;
          const correo = await simpleParser(mensaje.source);
          const mensajeId = correo.messageId ?? null;
          const { archivos, problemas } = await extraerArchivos(correo);
          const entrantes: EntranteDelBuzon[] = [];
          for (const archivo of archivos) {
            const { identidad, jsonKey, pdfKey } = await deps.compras.guardarEntrante(
              emisorId,
              archivo.json,
              archivo.pdf,
            );
            entrantes.push({ codigoGeneracion: identidad.codigoGeneracion, jsonKey, pdfKey });
          }
          for (const [i, problema] of problemas.entries()) {
            const informe = {
              mensajeId,
              asunto: correo.subject ?? null,
              remitente: correo.from?.text ?? null,
              ...problema,
            };
            await buzones.informar(emisorId, `${lote.uidValidity}:${uid}:${i}`, informe);
            deps.log.warn({ emisorId, uid, ...informe }, 'mailbox message gave no Archivo DTE');
          }
          lote.informes += problemas.length;
          lote.mensajes.push({ uid, mensajeId, entrantes });
        }
        return lote;
      });
    },

    /** Marks the messages taken, unless the folder was rebuilt since (its uids then name other messages). */
    async marcarTomados({ emisorId, uidValidity, uids }: { emisorId: number; uidValidity: string; uids: number[] }) {
      if (!uids.length) return;
      await conBuzon(emisorId, async (client) => {
        const mailbox = client.mailbox as MailboxObject;
        if (String(mailbox.uidValidity) !== uidValidity) return;
        await client.messageFlagsAdd(uids.join(','), [marcaDelBuzon(mailbox)], { uid: true });
      });
    },

    async registrarLectura({
      emisorId,
      ...lectura
    }: {
      emisorId: number;
      mensajes: number;
      tomados: number;
      informes: number;
    }): Promise<void> {
      await buzones.registrarLectura(emisorId, lectura);
    },
  };
}
