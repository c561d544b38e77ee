import type { Connection } from 'mongoose';
import type { Actor, MotivoImportacion } from '@dte/domain';
import { isDuplicateKey } from './db/duplicate-key';

/** What an import has done so far: files examined, and of them imported and refused. */
export interface TotalesImportacion {
  procesados: number;
  importados: number;
  rechazados: number;
}

/**
 * An import of documents issued with another provider (issue 53): the file given (an Archivo DTE, or a ZIP of
 * them with their PDFs) kept in object storage under `clave`, and its progress, written by its workflow alone
 * (one step at a time, so no update is lost on FerretDB).
 */
export interface Importacion extends TotalesImportacion {
  _id: string;
  emisorId: number;
  /** The file's name as given. */
  nombre: string;
  clave: string;
  /** The Archivos DTE the file holds: null until its workflow has read it. */
  total: number | null;
  estado: 'EN_CURSO' | 'TERMINADA';
  actor: Actor;
  creadaEn: Date;
  terminadaEn: Date | null;
}

/** What became of one file of an import, by its place among the import's files. */
export interface ResultadoImportacion {
  _id: string;
  indice: number;
  /** Its name in the ZIP. */
  archivo: string;
  codigoGeneracion: string | null;
  numeroControl: string | null;
  importado: boolean;
  motivos: MotivoImportacion[];
}

const claveResultado = (id: string, indice: number) => `${id}:${indice}`;
/** Results read at once: one round of parallel lookups by `_id`, the only one FerretDB answers from an index. */
const LOTE = 100;

/** The emisors' imports and what became of each of their files, read and written by `_id` alone. */
export class Importaciones {
  constructor(private readonly connection: Connection) {}

  private get importaciones() {
    return this.connection.collection<Importacion>('importaciones');
  }

  private get resultados() {
    return this.connection.collection<ResultadoImportacion>('importacion_resultados');
  }

  async crear(importacion: Pick<Importacion, '_id' | 'emisorId' | 'nombre' | 'clave' | 'actor'>): Promise<Importacion> {
    const nueva: Importacion = {
      ...importacion,
      total: null,
      procesados: 0,
      importados: 0,
      rechazados: 0,
      estado: 'EN_CURSO',
      creadaEn: new Date(),
      terminadaEn: null,
    };
    await this.importaciones.insertOne(nueva);
    return nueva;
  }

  /** The emisor's import, or null (another emisor's too). */
  async leer(emisorId: number, id: string): Promise<Importacion | null> {
    const importacion = await this.importaciones.findOne({ _id: id });
    return importacion && importacion.emisorId === emisorId ? importacion : null;
  }

  /** The emisor's imports, newest first (few per emisor: one per move). */
  async listar(emisorId: number): Promise<Importacion[]> {
    return this.importaciones.find({ emisorId }).sort({ creadaEn: -1 }).limit(100).toArray();
  }

  async avanzar(
    id: string,
    cambio: Partial<Pick<Importacion, 'total' | 'estado' | 'terminadaEn'>> & Partial<TotalesImportacion>,
  ) {
    await this.importaciones.updateOne({ _id: id }, { $set: cambio });
  }

  /** The results of files `desde` to `hasta` (excluded) already recorded, by index. */
  async resultadosDe(id: string, desde: number, hasta: number): Promise<Map<number, ResultadoImportacion>> {
    const indices = Array.from({ length: Math.max(0, hasta - desde) }, (_, i) => desde + i);
    const encontrados = new Map<number, ResultadoImportacion>();
    for (let i = 0; i < indices.length; i += LOTE) {
      const lote = await Promise.all(
        indices.slice(i, i + LOTE).map((k) => this.resultados.findOne({ _id: claveResultado(id, k) })),
      );
      for (const r of lote) if (r) encontrados.set(r.indice, r);
    }
    return encontrados;
  }

  /** Records what became of a file; a retry that records it again keeps the first record. */
  async registrar(id: string, resultado: Omit<ResultadoImportacion, '_id'>): Promise<void> {
    try {
      await this.resultados.insertOne({ _id: claveResultado(id, resultado.indice), ...resultado });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /**
   * Up to `limit` refused files of the import from the index `desde` on, and where the next page starts
   * (null: no more). At most 1,000 results are read per call: a long run of imported files answers a short page.
   */
  async rechazados(
    importacion: Importacion,
    desde: number,
    limit: number,
  ): Promise<{ rechazados: ResultadoImportacion[]; siguiente: number | null }> {
    const total = importacion.total ?? 0;
    const rechazados: ResultadoImportacion[] = [];
    let k = desde;
    while (k < total && rechazados.length < limit && k - desde < 1000) {
      const hasta = Math.min(total, k + LOTE);
      const lote = await this.resultadosDe(importacion._id, k, hasta);
      for (let i = k; i < hasta; i++) {
        k = i + 1;
        const r = lote.get(i);
        if (r && !r.importado) rechazados.push(r);
        if (rechazados.length === limit) break;
      }
    }
    return { rechazados, siguiente: k < total ? k : null };
  }
}
