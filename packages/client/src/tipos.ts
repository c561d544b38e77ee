import type { components, operations } from './generated/schema.js';

/**
 * The types of each operation's call and answer, derived from the generated OpenAPI types only: a route's
 * change reaches them by `npm run generate:client`, never by an edit here.
 */

export type OperationId = keyof operations;

type Parametros<K extends OperationId> = operations[K]['parameters'];

/** The keys whose type is not `never` (an operation without path parameters has `path?: never`). */
type SinNever<T> = { [P in keyof T as [NonNullable<T[P]>] extends [never] ? never : P]: T[P] };

type Cuerpo<K extends OperationId> = operations[K] extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : operations[K] extends { requestBody: { content: object } }
      ? { body: Blob }
      : unknown;

/** What every call may add. */
export interface Opciones {
  /** The POST's `Idempotency-Key`; by default one of its own, kept across its retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * A call's arguments: the operation's `path` and `query` parameters and its `body` as the API documents them:
 * JSON, or a file (a Blob of the type the operation takes, such as `text/csv`).
 */
export type Argumentos<K extends OperationId> = SinNever<Pick<Parametros<K>, 'path' | 'query'>> & Cuerpo<K> & Opciones;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type Opcionales<A> = {} extends A ? [args?: A] : [args: A];

/** The arguments are optional when nothing in them is required. */
export type ArgumentosDe<K extends OperationId> = Opcionales<Argumentos<K>>;

type CodigoDeExito<K extends OperationId> = Extract<keyof operations[K]['responses'], 200 | 201 | 202 | 203 | 204>;

type Exitos<K extends OperationId> = operations[K]['responses'][CodigoDeExito<K>];

/** A JSON answer parsed; any other (PDF, CSV, xlsx, HTML, text) as a Blob whose `type` is its content type. */
type Contenido<R> = R extends { content: infer C }
  ? | (C extends { 'application/json': infer J } ? J : never)
    | (Exclude<keyof C, 'application/json'> extends never ? never : Blob)
  : undefined;

/** What a successful call answers. */
export type Respuesta<K extends OperationId> = Contenido<Exitos<K>>;

/**
 * A call's whole answer, told apart by its status where the operation answers more than one: an issuance's
 * `status` 201 has a `Sellado` in `data.data`, its 202 a `Pendiente`.
 */
export type RespuestaCompleta<K extends OperationId> = K extends OperationId
  ? {
      [S in CodigoDeExito<K>]: { status: S; headers: Headers; data: Contenido<operations[K]['responses'][S]> };
    }[CodigoDeExito<K>]
  : never;

/**
 * An issuance MH gave its verdict on within the wait (201): the document's record, `estado` PROCESSED
 * (sealed), REJECTED or CONTINGENCIA. Every `issue…()` answers `{ data: Sellado | Pendiente }`, told apart
 * by `estado`.
 */
export type Sellado = components['schemas']['IssuedDocument']['data'];

/** An issuance whose verdict MH had not given within the wait (202): `getDocument` by its codigoGeneracion later. */
export type Pendiente = components['schemas']['IssuePending']['data'];

type Consulta<K extends OperationId> = NonNullable<Parametros<K>['query']>;
type Valores<K extends OperationId, P extends string> = NonNullable<Consulta<K>[P & keyof Consulta<K>]>;

/**
 * An operation whose query parameter `P` asks for its answer as JSON (the values `J`) or as a file (the
 * others), `SinElla` what it answers without it: each call's answer typed by what it asks for.
 */
export interface SegunFormato<K extends OperationId, P extends string, J extends Valores<K, P>, SinElla> {
  (args: Argumentos<K> & { query: { [_ in P]: J } }): Promise<RespuestaJson<K>>;
  (args: Argumentos<K> & { query: { [_ in P]: Exclude<Valores<K, P>, J> } }): Promise<Blob>;
  (...args: Opcionales<Argumentos<K> & { query?: { [_ in P]?: undefined } }>): Promise<SinElla>;
  (...args: ArgumentosDe<K>): Promise<Respuesta<K>>;
}

/** The operations typed by `SegunFormato`: `getPdf` a Blob unless `format` asks for `url` or `base64`. */
export interface PorFormato {
  getPdf: SegunFormato<'getPdf', 'format', 'url' | 'base64', Blob>;
  getLibroVentasContribuyentes: SegunFormato<
    'getLibroVentasContribuyentes',
    'formato',
    'json',
    RespuestaJson<'getLibroVentasContribuyentes'>
  >;
  getLibroVentasConsumidor: SegunFormato<
    'getLibroVentasConsumidor',
    'formato',
    'json',
    RespuestaJson<'getLibroVentasConsumidor'>
  >;
  getLibroCompras: SegunFormato<'getLibroCompras', 'formato', 'json', RespuestaJson<'getLibroCompras'>>;
  getAnexoFormularioIva: SegunFormato<
    'getAnexoFormularioIva',
    'formato',
    'json',
    RespuestaJson<'getAnexoFormularioIva'>
  >;
}

/** The JSON answer alone, for the operations that have one. */
type RespuestaJson<K extends OperationId> = Exclude<Respuesta<K>, Blob>;

/** The operations read by cursor: a `cursor` query parameter, and `{ data: [...], cursor }` answered. */
export type OperacionPaginada = {
  [K in OperationId]: [NonNullable<Parametros<K>['query']>] extends [never]
    ? never
    : 'cursor' extends keyof NonNullable<Parametros<K>['query']>
      ? RespuestaJson<K> extends { data: unknown[]; cursor: string | null }
        ? K
        : never
      : never;
}[OperationId];

/** One entry of a paginated operation's pages. */
export type Elemento<K extends OperacionPaginada> = RespuestaJson<K> extends { data: (infer E)[] } ? E : never;

/** The API's error body, and its codes. */
export type ErrorBody = components['schemas']['Error'];
export type ErrorCode = components['schemas']['ErrorCode'];
