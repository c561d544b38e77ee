import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { DteError, ErrorCode, type TipoEvento, type TipoEventoEntrega, type WebhookRequest } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';
import { lastNumber, takeNext } from './db/insert-next';
import type { SecretBox } from './secrets';

/**
 * An emisor's webhook endpoints and their delivery logs, each read by `_id` alone (the one lookup FerretDB
 * answers from an index): an emisor's endpoints are numbered in a series of their own
 * (`whk_<emisorId>_<n>`), and each endpoint's delivery attempts in another (`<endpointId>:<n>`), so
 * listing either walks numbers instead of querying a field.
 */

/** A secret is replaced on rotation but still signs for this long, so receivers can switch without losing events. */
export const SOLAPE_ROTACION_MS = 24 * 3600 * 1000;
/** Endpoints an emisor may have at once: each event is one delivery workflow per endpoint. */
export const MAX_ENDPOINTS = 10;

/** An endpoint's turn: whoever inserted it is the one attempt in flight to it, until `hasta`. */
interface Turno {
  _id: string;
  token: string;
  hasta: Date;
}

interface SecretoGuardado {
  /** The `whsec_…` secret, sealed with SECRET_KEY. */
  sellado: string;
  creado: Date;
  /** Set when a newer secret replaced it: it keeps signing until then. */
  vence: Date | null;
}

export interface EndpointRecord {
  _id: string;
  emisorId: number;
  url: string;
  eventos: TipoEvento[];
  descripcion: string | null;
  secretos: SecretoGuardado[];
  /**
   * Set when the receiver answered 410 Gone, or answered no attempt 2xx for WEBHOOK_DESHABILITAR_HORAS:
   * no event is delivered to it until the emisor enables it again.
   */
  deshabilitado: { fecha: Date; motivo: string } | null;
  /** The first failed attempt since the last delivered one (absent in endpoints made before it existed). */
  fallandoDesde?: Date | null;
  eliminado: Date | null;
  creado: Date;
}

/** One delivery attempt, as the delivery log shows it. */
export interface IntentoEntrega {
  _id: string;
  endpointId: string;
  eventoId: string;
  tipo: TipoEventoEntrega;
  /** Temporal's attempt number of the delivery. */
  intento: number;
  fecha: Date;
  /** The receiver's HTTP status, or null when none came (connection refused, timeout, address refused). */
  status: number | null;
  error: string | null;
  duracionMs: number;
}

/** An event as an endpoint's deliveries send it (the contract's EventoWebhook). */
export interface EventoEntregado {
  id: string;
  type: TipoEventoEntrega;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The event of an endpoint's delivery, kept so it can be sent again: `_id` is `<endpointId>:<eventoId>`. */
interface EventoGuardado {
  _id: string;
  evento: EventoEntregado;
}

/** An endpoint as the API shows it: never its secrets. */
export function endpointView(e: EndpointRecord) {
  return {
    id: e._id,
    url: e.url,
    eventos: e.eventos,
    descripcion: e.descripcion,
    activo: e.deshabilitado === null,
    deshabilitado: e.deshabilitado && { fecha: e.deshabilitado.fecha.toISOString(), motivo: e.deshabilitado.motivo },
    creado: e.creado.toISOString(),
  };
}
export type EndpointView = ReturnType<typeof endpointView>;

export function intentoView(i: IntentoEntrega) {
  return {
    eventoId: i.eventoId,
    tipo: i.tipo,
    intento: i.intento,
    fecha: i.fecha.toISOString(),
    status: i.status,
    entregado: i.status !== null && i.status >= 200 && i.status < 300,
    error: i.error,
    duracionMs: i.duracionMs,
  };
}

/** Standard Webhooks' secret form: `whsec_` and 24 random bytes in base64. */
function nuevoSecreto(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const serieIntentos = (endpointId: string) => `entregas:${endpointId}`;
const ENDPOINT_ID = /^whk_(\d+)_(\d+)$/;

export class Webhooks {
  constructor(
    private readonly connection: Connection,
    private readonly box: SecretBox,
  ) {}

  private get endpoints() {
    return this.connection.collection<EndpointRecord>('webhook_endpoints');
  }

  private get turnos() {
    return this.connection.collection<Turno>('webhook_turnos');
  }

  private get eventos() {
    return this.connection.collection<EventoGuardado>('webhook_eventos');
  }

  private get intentos() {
    return this.connection.collection<IntentoEntrega>('webhook_entregas');
  }

  /**
   * A new endpoint and its secret, which is shown this once: only its sealed form is kept. Its `_id`
   * (`whk_<emisorId>_<n>`) is its claim on the emisor's next number: the insert the loser of a race
   * repeats with the number after (FerretDB enforces `_id` uniqueness, see `takeNext`). So an emisor's
   * endpoints are numbered without gaps, and `delEmisor` reads them in order up to the first missing one.
   */
  async crear(emisorId: number, pedido: WebhookRequest): Promise<{ endpoint: EndpointRecord; secreto: string }> {
    const todos = await this.todosDelEmisor(emisorId);
    if (todos.filter((e) => e.eliminado === null).length >= MAX_ENDPOINTS)
      throw new DteError(
        ErrorCode.WEBHOOK_LIMIT_REACHED,
        409,
        `El emisor ya tiene ${MAX_ENDPOINTS} webhooks: elimine uno antes de crear otro`,
        { maximo: MAX_ENDPOINTS },
      );
    const secreto = nuevoSecreto();
    const creado = new Date();
    const datos: Omit<EndpointRecord, '_id'> = {
      emisorId,
      url: pedido.url,
      eventos: pedido.eventos,
      descripcion: pedido.descripcion ?? null,
      secretos: [{ sellado: this.box.seal(secreto), creado, vence: null }],
      deshabilitado: null,
      fallandoDesde: null,
      eliminado: null,
      creado,
    };
    for (let n = todos.length + 1; ; n++) {
      const endpoint: EndpointRecord = { _id: `whk_${emisorId}_${n}`, ...datos };
      try {
        await this.endpoints.insertOne(endpoint);
        return { endpoint, secreto };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
  }

  /**
   * The emisor's endpoints, oldest first, without the deleted ones. One read for an emisor without any,
   * which is what publishing an event costs most emisores.
   */
  async delEmisor(emisorId: number): Promise<EndpointRecord[]> {
    return (await this.todosDelEmisor(emisorId)).filter((e) => e.eliminado === null);
  }

  /** Every endpoint the emisor ever had, deleted ones too, in order: `_id` lookups up to the first missing. */
  private async todosDelEmisor(emisorId: number): Promise<EndpointRecord[]> {
    const todos: EndpointRecord[] = [];
    for (;;) {
      const endpoint = await this.endpoints.findOne({ _id: `whk_${emisorId}_${todos.length + 1}` });
      if (!endpoint) return todos;
      todos.push(endpoint);
    }
  }

  /** The endpoint whatever its state (the delivery decides what a deleted or disabled one gets). */
  leer(id: string): Promise<EndpointRecord | null> {
    return this.endpoints.findOne({ _id: id });
  }

  /** The emisor's endpoint; another emisor's, a deleted or an unknown one is answered 404 alike. */
  async delEmisorPorId(emisorId: number, id: string): Promise<EndpointRecord> {
    const endpoint = ENDPOINT_ID.exec(id)?.[1] === String(emisorId) ? await this.leer(id) : null;
    if (!endpoint || endpoint.eliminado)
      throw new DteError(ErrorCode.WEBHOOK_NOT_FOUND, 404, `El webhook ${id} no existe`, { id });
    return endpoint;
  }

  /** Deleted endpoints get no more events; their delivery logs stay readable to no one but the database. */
  async eliminar(emisorId: number, id: string): Promise<void> {
    await this.delEmisorPorId(emisorId, id);
    await this.endpoints.updateOne({ _id: id }, { $set: { eliminado: new Date() } });
  }

  /**
   * A new secret for the endpoint, shown this once. The ones it replaces keep signing for
   * SOLAPE_ROTACION_MS (each delivery then carries two signatures); older expired ones are dropped.
   */
  async rotar(
    emisorId: number,
    id: string,
    ahora = new Date(),
  ): Promise<{ endpoint: EndpointRecord; secreto: string }> {
    const endpoint = await this.delEmisorPorId(emisorId, id);
    const secreto = nuevoSecreto();
    const vence = new Date(ahora.getTime() + SOLAPE_ROTACION_MS);
    const secretos: SecretoGuardado[] = [
      { sellado: this.box.seal(secreto), creado: ahora, vence: null },
      ...endpoint.secretos
        .filter((s) => s.vence === null || s.vence > ahora)
        .map((s) => ({ ...s, vence: s.vence ?? vence })),
    ];
    await this.endpoints.updateOne({ _id: id }, { $set: { secretos } });
    return { endpoint: { ...endpoint, secretos }, secreto };
  }

  /** The secrets that sign a delivery at `ahora`, newest first. */
  secretosVigentes(endpoint: EndpointRecord, ahora = new Date()): string[] {
    return endpoint.secretos.filter((s) => s.vence === null || s.vence > ahora).map((s) => this.box.open(s.sellado));
  }

  /** The endpoint gets no more events from `fecha` until the emisor enables it again. */
  async deshabilitar(id: string, motivo: string, fecha: Date): Promise<void> {
    await this.endpoints.updateOne({ _id: id }, { $set: { deshabilitado: { fecha, motivo } } });
  }

  /** The emisor's disabled endpoint gets events again, its failures forgotten. */
  async habilitar(emisorId: number, id: string): Promise<EndpointRecord> {
    const endpoint = await this.delEmisorPorId(emisorId, id);
    await this.endpoints.updateOne({ _id: id }, { $set: { deshabilitado: null, fallandoDesde: null } });
    return { ...endpoint, deshabilitado: null, fallandoDesde: null };
  }

  /**
   * An attempt to the endpoint failed at `fecha`: the start of its run of failures, which this one begins
   * when the last attempt was delivered.
   */
  async registrarFallo(endpoint: EndpointRecord, fecha: Date): Promise<Date> {
    if (endpoint.fallandoDesde) return endpoint.fallandoDesde;
    await this.endpoints.updateOne({ _id: endpoint._id }, { $set: { fallandoDesde: fecha } });
    return fecha;
  }

  /** An attempt was delivered: the endpoint's run of failures, if any, is over. */
  async registrarEntrega(endpoint: EndpointRecord): Promise<void> {
    if (endpoint.fallandoDesde)
      await this.endpoints.updateOne({ _id: endpoint._id }, { $set: { fallandoDesde: null } });
  }

  /**
   * The endpoint's turn for one attempt, for `ms` at most, or null while another attempt (of any of its
   * deliveries, in any worker) holds it. Taken by inserting `{_id: endpoint}`, whose uniqueness FerretDB
   * enforces (its updates are not atomic, see `takeNext`); a turn left by a worker that died is removed
   * once expired, by its token, so a newer turn is never removed in its place.
   */
  async tomarTurno(endpointId: string, ms: number, ahora = new Date()): Promise<string | null> {
    const turno: Turno = {
      _id: endpointId,
      token: randomBytes(12).toString('hex'),
      hasta: new Date(ahora.getTime() + ms),
    };
    for (let intento = 0; intento < 2; intento++) {
      try {
        await this.turnos.insertOne(turno);
        return turno.token;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const actual = await this.turnos.findOne({ _id: endpointId });
      if (actual && actual.hasta > ahora) return null;
      if (actual) await this.turnos.deleteOne({ _id: endpointId, token: actual.token });
    }
    return null;
  }

  async soltarTurno(endpointId: string, token: string): Promise<void> {
    await this.turnos.deleteOne({ _id: endpointId, token });
  }

  async registrarIntento(intento: Omit<IntentoEntrega, '_id'>): Promise<void> {
    const n = await takeNext(this.connection, serieIntentos(intento.endpointId));
    await this.intentos.insertOne({ _id: `${intento.endpointId}:${n}`, ...intento });
  }

  /** Keeps the event an attempt sends to the endpoint, once (its attempts and duplicates send the same). */
  async guardarEvento(endpointId: string, evento: EventoEntregado): Promise<void> {
    try {
      await this.eventos.insertOne({ _id: `${endpointId}:${evento.id}`, evento });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * The event of the emisor's endpoint's delivery `eventoId`, to send again; an endpoint as in
   * `delEmisorPorId`, and an unknown delivery (or one logged before events were kept) answered 404.
   */
  async eventoDe(emisorId: number, endpointId: string, eventoId: string) {
    const endpoint = await this.delEmisorPorId(emisorId, endpointId);
    const guardado = await this.eventos.findOne({ _id: `${endpointId}:${eventoId}` });
    if (!guardado)
      throw new DteError(
        ErrorCode.WEBHOOK_DELIVERY_NOT_FOUND,
        404,
        `El webhook ${endpointId} no tiene una entrega ${eventoId}`,
        { id: endpointId, entrega: eventoId },
      );
    return { endpoint, evento: guardado.evento };
  }

  /** The endpoint's delivery attempts, newest first, from the attempt numbered `antes` (exclusive). */
  async intentosDe(endpointId: string, antes: number | null, limit: number) {
    const desde = antes ?? (await lastNumber(this.connection, serieIntentos(endpointId))) + 1;
    const numeros = Array.from({ length: Math.min(limit, desde - 1) }, (_, i) => desde - 1 - i);
    const leidos = await Promise.all(numeros.map((n) => this.intentos.findOne({ _id: `${endpointId}:${n}` })));
    const intentos = leidos.filter((i): i is IntentoEntrega => i !== null);
    const ultimo = numeros.at(-1);
    return { intentos, siguiente: ultimo !== undefined && ultimo > 1 ? ultimo : null };
  }
}
