import { createHash } from 'node:crypto';
import {
  identificarCompra,
  periodoDeCompra,
  type ConfirmacionCompra,
  type Dte,
  type IdentidadCompra,
  type VerificacionCompra,
} from '@dte/domain';
import type { EstadoCompra, MotivoCompra, OrigenCompra } from '@dte/contract';
import type { Database } from './db/connection';
import { isDuplicateKey } from './db/duplicate-key';
import { lastNumber, takeNext } from './db/insert-next';
import { dteGuardado, jsonGuardado } from './dte-guardado';
import type { CompraRecord } from './db/models';
import type { TenantCache } from './db/tenant-cache';
import { lecturaDeCompra, selloDeCompra } from './lectura-compra';
import type { ObjectStore } from './object-store';

/**
 * The documents an emisor received from its suppliers. Each is one record by `_id` (emisor and
 * codigoGeneracion), numbered on two lists kept as entries read by `_id` alone (the only lookup FerretDB
 * answers from an index): the emisor's, in reception order (GET /compras), and its period's (the fecEmi
 * month), which the purchase books walk. An entry of the emisor's list only points at its record; one of
 * the period's also keeps what the books read of it (`EntradaCompra.libro`), so a month's books read the
 * list alone, and each change of estado or classification is copied to it.
 */

export type { CompraRecord };

/** What the verification's first step records of a received document. */
export interface NuevaCompra {
  emisorId: number;
  identidad: IdentidadCompra;
  dteJson: Record<string, unknown>;
  estado: EstadoCompra;
  motivos: MotivoCompra[];
  verificacion: VerificacionCompra;
  origen: OrigenCompra;
  mensajeId: string | null;
  jsonKey: string;
  pdfKey: string | null;
}

/** A received document's files, stored before its verification starts. */
export interface Entrante {
  identidad: IdentidadCompra;
  jsonKey: string;
  pdfKey: string | null;
}

export interface FiltrosCompras {
  /** The fecEmi month (YYYY-MM): walks that period's list instead of the emisor's. */
  periodo?: string;
  /** fecEmi, inclusive. */
  desde?: string;
  hasta?: string;
  /** The supplier's NIT. */
  proveedor?: string;
  estado?: EstadoCompra;
  tipo?: string;
}

/** What the purchase books read of a received document, written once with its period's entry. */
export interface LibroCompra {
  tipoDte: string;
  numeroControl: string;
  fecEmi: string;
  /** The supplier's NIT as the record names it: its default classification is read when the books are. */
  proveedorNit: string | null;
  /** `lecturaDeCompra` of the Archivo DTE. */
  dte: Dte;
}

export interface EntradaCompra {
  _id: string;
  codigoGeneracion: string;
  /**
   * On the period's entries: what the books read, and the record's estado, sello and own classification,
   * copied at each change. Entries written before they kept it have no `libro`: the record is read instead.
   */
  libro?: LibroCompra;
  estado?: string;
  selloRecibido?: string | null;
  clasificacion?: unknown;
}

interface DefectoProveedor {
  _id: string;
  clasificacion: Record<string, unknown>;
}

/** A supplier of the emisor's with a document VERIFICADO or CONFIRMADO: its next ones are no first. */
interface ProveedorConocido {
  _id: string;
  codigoGeneracion: string;
  desde: Date;
}

/** Records read at once: one round of parallel lookups by `_id`. */
const LOTE = 100;
/** Entries one page examines at most: a selective filter answers a shorter page and a cursor. */
const MAX_EXAMINADOS = 1000;
/** What a list page shows of a record: everything but the document itself. */
const SIN_DOCUMENTO = { dteJson: 0 } as const;

export const compraId = (emisorId: number, codigoGeneracion: string) =>
  `compra:${emisorId}:${codigoGeneracion.toUpperCase()}`;
const serieEmisor = (emisorId: number) => `compras:${emisorId}`;
const seriePeriodo = (emisorId: number, periodo: string) => `compras:${emisorId}:${periodo}`;

export class Compras {
  constructor(
    private readonly db: Database,
    private readonly store: ObjectStore,
    private readonly tenants: TenantCache,
  ) {}

  private get entradas() {
    return this.db.connection.collection<EntradaCompra>('compras_lista');
  }

  private get defectos() {
    return this.db.connection.collection<DefectoProveedor>('compras_proveedores');
  }

  private get conocidos() {
    return this.db.connection.collection<ProveedorConocido>('compras_proveedores_conocidos');
  }

  /**
   * Stores a received Archivo DTE (and its PDF) under keys made of their content, so the same file
   * received twice is stored once and a different one never overwrites it; refuses what is not an Archivo
   * DTE (`identificarCompra`). Both doors call it before starting `RecibirCompra`.
   */
  async guardarEntrante(emisorId: number, json: Buffer, pdf?: Buffer | null): Promise<Entrante> {
    let archivo: unknown;
    try {
      archivo = JSON.parse(json.toString('utf8'));
    } catch {
      archivo = undefined;
    }
    const identidad = identificarCompra(archivo);
    const emisor = await this.tenants.emisor(emisorId);
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    const base = `emisores/${emisor.slug}/COMPRAS/${periodoDeCompra(identidad.fecEmi)}`;
    const huella = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    const jsonKey = `${base}/json/${identidad.codigoGeneracion}-${huella(json).slice(0, 16)}.json`;
    await this.store.put(jsonKey, json, 'application/json');
    let pdfKey: string | null = null;
    if (pdf?.length) {
      pdfKey = `${base}/pdf/${identidad.codigoGeneracion}-${huella(pdf).slice(0, 16)}.pdf`;
      await this.store.put(pdfKey, pdf, 'application/pdf');
    }
    return { identidad, jsonKey, pdfKey };
  }

  /** A stored file (JSON or PDF) of a received document. */
  archivo(key: string): Promise<Buffer | null> {
    return this.store.get(key);
  }

  /**
   * Records a received document once. `registradoPor` names the workflow run recording it: a retried
   * step finds its own record (`duplicado` false), another run's finds the first one's and leaves it.
   */
  async registrar(nueva: NuevaCompra, registradoPor: string): Promise<{ compra: CompraRecord; duplicado: boolean }> {
    const { emisorId, identidad } = nueva;
    const cg = identidad.codigoGeneracion;
    const periodo = periodoDeCompra(identidad.fecEmi);
    const [listaN, periodoN] = await Promise.all([
      takeNext(this.db.connection, serieEmisor(emisorId), cg),
      takeNext(this.db.connection, seriePeriodo(emisorId, periodo), cg),
    ]);
    const _id = compraId(emisorId, cg);
    try {
      await this.db.models.Compra.create({
        _id,
        emisorId,
        codigoGeneracion: cg,
        tipoDte: identidad.tipoDte,
        version: identidad.version,
        numeroControl: identidad.numeroControl,
        fecEmi: identidad.fecEmi,
        periodo,
        proveedor: identidad.proveedor,
        dteJson: nueva.dteJson,
        selloRecibido: selloDelArchivo(nueva.dteJson),
        estado: nueva.estado,
        motivos: nueva.motivos,
        verificacion: nueva.verificacion,
        origen: nueva.origen,
        mensajeId: nueva.mensajeId,
        jsonKey: nueva.jsonKey,
        pdfKey: nueva.pdfKey,
        recibidoEn: new Date(),
        verificadoEn: nueva.estado === 'PENDIENTE_MH' ? null : new Date(),
        listaN,
        periodoN,
        registradoPor,
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const compra = (await this.leer(emisorId, cg))!;
    await Promise.all([
      this.escribirEntrada({ _id: `${serieEmisor(emisorId)}:${compra.listaN}`, codigoGeneracion: cg }),
      this.escribirEntrada(entradaDelPeriodo(compra)),
    ]);
    return { compra, duplicado: compra.registradoPor !== registradoPor };
  }

  private async escribirEntrada(entrada: EntradaCompra): Promise<void> {
    try {
      await this.entradas.insertOne(entrada);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Changes a record and copies the change to its period's entry (`EntradaCompra`), as the record has it
   * once changed. An entry `registrar` has not written yet takes the record as it reads it then.
   */
  private async cambiar(
    emisorId: number,
    codigoGeneracion: string,
    cambio: Record<string, unknown>,
    copia: (c: CompraRecord) => Partial<EntradaCompra>,
  ): Promise<void> {
    // Not findOneAndUpdate: FerretDB 1.24 fails it with a projection, and without one answers the whole record.
    const _id = compraId(emisorId, codigoGeneracion);
    await this.db.models.Compra.updateOne({ _id }, { $set: cambio });
    const c = await this.db.models.Compra.findOne({ _id })
      .select({ emisorId: 1, periodo: 1, periodoN: 1, estado: 1, selloRecibido: 1, respuestaMh: 1, clasificacion: 1 })
      .lean<CompraRecord>();
    if (c) await this.entradas.updateOne({ _id: claveDelPeriodo(c) }, { $set: copia(c) });
  }

  /**
   * The verification's outcome (or a re-check's, or a person's confirmation) on the record; a supplier
   * with a document that counts is known from then on (`proveedorConocido`).
   */
  async concluir(
    emisorId: number,
    codigoGeneracion: string,
    cambio: {
      estado: EstadoCompra;
      motivos: MotivoCompra[];
      respuestaMh?: unknown;
      verificacion?: VerificacionCompra;
      confirmacion?: ConfirmacionCompra;
    },
  ): Promise<void> {
    await this.cambiar(emisorId, codigoGeneracion, { ...cambio, verificadoEn: new Date() }, (c) => ({
      estado: c.estado,
      selloRecibido: selloDeCompra(c),
    }));
    if (cambio.estado === 'VERIFICADO' || cambio.estado === 'CONFIRMADO') {
      const c = await this.db.models.Compra.findOne({ _id: compraId(emisorId, codigoGeneracion) })
        .select({ proveedor: 1 })
        .lean<CompraRecord>();
      if (c?.proveedor.nit) {
        try {
          await this.conocidos.insertOne({
            _id: `${emisorId}:${c.proveedor.nit}`,
            codigoGeneracion,
            desde: new Date(),
          });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
      }
    }
  }

  /** Whether the emisor has a document of the supplier VERIFICADO or CONFIRMADO (now or before). */
  async proveedorConocido(emisorId: number, nit: string): Promise<boolean> {
    return (await this.conocidos.findOne({ _id: `${emisorId}:${nit}` })) !== null;
  }

  async leer(emisorId: number, codigoGeneracion: string): Promise<CompraRecord | null> {
    return this.db.models.Compra.findOne({ _id: compraId(emisorId, codigoGeneracion) }).lean<CompraRecord>();
  }

  /** The accountant's classification of one document. */
  async clasificar(
    emisorId: number,
    codigoGeneracion: string,
    clasificacion: Record<string, unknown>,
  ): Promise<CompraRecord | null> {
    await this.cambiar(emisorId, codigoGeneracion, { clasificacion }, (c) => ({ clasificacion: c.clasificacion }));
    return this.leer(emisorId, codigoGeneracion);
  }

  /** The classification the accountant set for a supplier's documents that have none of their own. */
  async defectoProveedor(emisorId: number, nit: string): Promise<Record<string, unknown> | null> {
    return (await this.defectos.findOne({ _id: `${emisorId}:${nit}` }))?.clasificacion ?? null;
  }

  async fijarDefectoProveedor(emisorId: number, nit: string, clasificacion: Record<string, unknown>): Promise<void> {
    const _id = `${emisorId}:${nit}`;
    try {
      await this.defectos.replaceOne({ _id }, { clasificacion }, { upsert: true });
    } catch (err) {
      // Two first defaults at once: both upserts insert, the loser's insert is refused by `_id`; the default
      // exists now, so the loser's value replaces it as a later write would.
      if (!isDuplicateKey(err)) throw err;
      await this.defectos.replaceOne({ _id }, { clasificacion });
    }
  }

  private leerEntradas(serie: string, numeros: number[]) {
    return Promise.all(numeros.map((n) => this.entradas.findOne({ _id: `${serie}:${n}` })));
  }

  private async leerLote(emisorId: number, numeros: number[], serie: string, sinDocumento: boolean) {
    const entradas = await this.leerEntradas(serie, numeros);
    return Promise.all(
      entradas.map((e) => {
        if (!e) return null;
        const q = this.db.models.Compra.findOne({ _id: compraId(emisorId, e.codigoGeneracion) });
        return (sinDocumento ? q.select(SIN_DOCUMENTO) : q).lean<CompraRecord>();
      }),
    );
  }

  /**
   * Every document received for a period (fecEmi month, YYYY-MM), in the order they were recorded, a
   * batch of records at a time as they are consumed: a month of any size holds one batch in memory.
   */
  async *recorrerPeriodo(emisorId: number, periodo: string): AsyncGenerator<CompraRecord[]> {
    const serie = seriePeriodo(emisorId, periodo);
    for (const numeros of numerosDe(await lastNumber(this.db.connection, serie))) {
      const lote = (await this.leerLote(emisorId, numeros, serie, false)).filter((c): c is CompraRecord => !!c);
      if (lote.length) yield lote;
    }
  }

  /** The entries of a period's list, in the order recorded, a batch at a time: what its books read. */
  async *entradasDelPeriodo(emisorId: number, periodo: string): AsyncGenerator<EntradaCompra[]> {
    const serie = seriePeriodo(emisorId, periodo);
    for (const numeros of numerosDe(await lastNumber(this.db.connection, serie))) {
      const lote = (await this.leerEntradas(serie, numeros)).filter((e): e is EntradaCompra => !!e);
      if (lote.length) yield lote;
    }
  }

  /**
   * Up to `limit` records (without the document) that pass the filters, newest first, from `cursor` down;
   * and where the next page starts (null: no more). With `periodo` the cursor is a number of that
   * period's list, otherwise of the emisor's.
   */
  async pagina(
    emisorId: number,
    filtros: FiltrosCompras,
    cursor: number | null,
    limit: number,
  ): Promise<{ compras: CompraRecord[]; siguiente: number | null }> {
    const serie = filtros.periodo ? seriePeriodo(emisorId, filtros.periodo) : serieEmisor(emisorId);
    let n = cursor ?? (await lastNumber(this.db.connection, serie));
    const encontradas: CompraRecord[] = [];
    let examinados = 0;
    while (n >= 1 && encontradas.length < limit && examinados < MAX_EXAMINADOS) {
      const numeros = Array.from({ length: Math.min(LOTE, n) }, (_, i) => n - i);
      const lote = await this.leerLote(emisorId, numeros, serie, true);
      for (const [i, compra] of lote.entries()) {
        n = numeros[i]! - 1;
        examinados++;
        if (!compra || !coincide(compra, filtros)) continue;
        encontradas.push(compra);
        if (encontradas.length === limit) break;
      }
    }
    return { compras: encontradas, siguiente: n >= 1 ? n : null };
  }
}

/** The numbers 1 to `ultimo`, a batch of LOTE at a time. */
function* numerosDe(ultimo: number): Generator<number[]> {
  for (let n = 1; n <= ultimo; n += LOTE) yield Array.from({ length: Math.min(LOTE, ultimo - n + 1) }, (_, i) => n + i);
}

const claveDelPeriodo = (c: Pick<CompraRecord, 'emisorId' | 'periodo' | 'periodoN'>) =>
  `${seriePeriodo(c.emisorId, c.periodo)}:${c.periodoN}`;

/** A record's entry on its period's list, with what the books read of it. */
export function entradaDelPeriodo(c: CompraRecord): EntradaCompra {
  return {
    _id: claveDelPeriodo(c),
    codigoGeneracion: c.codigoGeneracion,
    libro: {
      tipoDte: c.tipoDte,
      numeroControl: c.numeroControl ?? '',
      fecEmi: c.fecEmi,
      proveedorNit: c.proveedor.nit ?? null,
      dte: lecturaDeCompra(dteGuardado(c), c.tipoDte),
    },
    estado: c.estado,
    selloRecibido: selloDeCompra(c),
    clasificacion: c.clasificacion ?? null,
  };
}

function coincide(c: CompraRecord, f: FiltrosCompras): boolean {
  return (
    (!f.estado || c.estado === f.estado) &&
    (!f.tipo || c.tipoDte === f.tipo) &&
    (!f.proveedor || c.proveedor.nit === f.proveedor) &&
    (!f.desde || c.fecEmi >= f.desde) &&
    (!f.hasta || c.fecEmi <= f.hasta)
  );
}

/** The sello MH's Archivo DTE carries at its end ([MF] §XXIII), if the file has one. */
function selloDelArchivo(archivo: Record<string, unknown>): string | null {
  const sello = archivo['selloRecibido'];
  return typeof sello === 'string' && sello ? sello : null;
}

/** A person's comparison as the API shows it: without the workflow run that recorded it. */
function confirmacionView(confirmacion: unknown): ConfirmacionCompra | null {
  if (!confirmacion) return null;
  const { ejecucion: _ejecucion, ...vista } = confirmacion as ConfirmacionCompra & { ejecucion?: string };
  return vista;
}

/** A received document as the API shows it; `documento` (the Archivo DTE as received) on its own page only. */
export function compraView(c: CompraRecord, conDocumento = false) {
  const respuesta = c.respuestaMh as { selloRecibido?: string | null; fhProcesamiento?: string } | null;
  return {
    codigoGeneracion: c.codigoGeneracion,
    tipoDte: c.tipoDte,
    version: c.version,
    numeroControl: c.numeroControl ?? null,
    fecEmi: c.fecEmi,
    periodo: c.periodo,
    proveedor: { nit: c.proveedor.nit ?? null, nrc: c.proveedor.nrc ?? null, nombre: c.proveedor.nombre ?? null },
    estado: c.estado as EstadoCompra,
    motivos: (c.motivos ?? []) as MotivoCompra[],
    /** The sello the file carries, and the one MH answered with (null until it answered). */
    selloRecibido: c.selloRecibido ?? null,
    selloMh: respuesta?.selloRecibido ?? null,
    origen: c.origen as OrigenCompra,
    recibidoEn: c.recibidoEn.toISOString(),
    verificadoEn: c.verificadoEn ? c.verificadoEn.toISOString() : null,
    /** What proves it: what MH confirmed, what backs its amounts, and where a person compares them. */
    verificacion: (c.verificacion ?? null) as VerificacionCompra | null,
    confirmacion: confirmacionView(c.confirmacion),
    clasificacion: (c.clasificacion ?? null) as Record<string, unknown> | null,
    pdf: !!c.pdfKey,
    ...(conDocumento ? { documento: jsonGuardado(c) } : {}),
  };
}
export type CompraView = ReturnType<typeof compraView>;
