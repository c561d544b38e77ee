import { Context } from '@temporalio/activity';
import type { ImportacionInput, ResumenImportacion } from '@dte/contract';
import {
  comprobarImportado,
  conclusionDeImportacion,
  documentKindOfTipoDte,
  documentoDelArchivo,
  DteError,
  ErrorCode,
  elSalvadorNow,
  estaFirmado,
  identificarImportado,
  YA_EXISTE,
  type MotivoImportacion,
} from '@dte/domain';
import {
  archivoDte,
  archivoLocal,
  contarArchivos,
  documentKeys,
  leerArchivos,
  MAX_ARCHIVO,
  type ArchivoImportado,
  Importaciones,
  respuestaMhView,
  type Importacion,
  type ResultadoImportacion,
  type TotalesImportacion,
} from '@dte/store';
import { activityLog } from '../activity-log';
import type { ActivityDependencies } from '../dependencies';
import { consultarTodos } from '../mh/consultas';
import { consultDte, mhCredentials } from '../dte/transmit';

type Json = Record<string, unknown>;
type Resultado = Omit<ResultadoImportacion, '_id' | 'indice' | 'archivo'>;

const rechazo = (
  motivos: MotivoImportacion[],
  identidad?: { codigoGeneracion: string; numeroControl: string | null },
) => ({
  codigoGeneracion: identidad?.codigoGeneracion ?? null,
  numeroControl: identidad?.numeroControl ?? null,
  importado: false,
  motivos,
});

/** The steps of `ImportacionWorkflow` (see the contract), built from the worker's dependencies. */
export function createImportacionActivities(deps: ActivityDependencies) {
  const importaciones = new Importaciones(deps.db.connection);

  /**
   * The import the workflow was started for. Its record is written by the API and the admin CLI after their
   * checks (permission IMPORTACION, the file stored), so a run started by hand from Temporal's UI for an id
   * no door recorded, or for another emisor's, stops here.
   */
  async function importacionDe(input: ImportacionInput): Promise<Importacion> {
    const importacion = await importaciones.leer(input.emisorId, input.importacionId);
    if (!importacion)
      throw new DteError(
        ErrorCode.IMPORTACION_NOT_FOUND,
        404,
        `El emisor no tiene la importación ${input.importacionId}`,
        {
          importacionId: input.importacionId,
        },
      );
    return importacion;
  }

  /** What becomes of one file: checked, asked for at MH, and recorded as the emisor's document or refused. */
  async function importar(
    importacion: Importacion,
    a: ArchivoImportado,
    creds: Awaited<ReturnType<typeof mhCredentials>>,
  ): Promise<Resultado> {
    if (!a.json)
      return rechazo([
        { codigo: 'ARCHIVO_GRANDE', campo: null, mensaje: `El archivo pasa de ${MAX_ARCHIVO / 1024 / 1024} MB` },
      ]);
    let archivo: Json;
    try {
      archivo = JSON.parse(a.json.toString('utf8')) as Json;
    } catch {
      return rechazo([{ codigo: 'JSON_INVALIDO', campo: null, mensaje: 'El archivo no es JSON' }]);
    }
    let identidad;
    try {
      identidad = identificarImportado(archivo);
    } catch (err) {
      if (!(err instanceof DteError)) throw err;
      const errores = (err.details?.errors as { field: string; message: string }[] | undefined) ?? [];
      return rechazo(errores.map((e) => ({ codigo: 'NO_ES_ARCHIVO_DTE', campo: e.field, mensaje: e.message })));
    }
    const emisor = (await deps.tenants.emisor(importacion.emisorId))!;
    const motivos = comprobarImportado(archivo, identidad, emisor);
    if (!estaFirmado(archivo))
      motivos.push({
        codigo: 'SIN_FIRMA',
        campo: 'firmaElectronica',
        mensaje: 'El archivo no trae la firma electrónica con que el documento se transmitió a MH',
      });
    if (motivos.length) return rechazo(motivos, identidad);
    const { codigoGeneracion, tipoDte } = identidad;
    const previo = await deps.documents.find(codigoGeneracion, ['importacion']);
    if (previo && (previo.importacion as { id?: string } | null)?.id !== importacion._id)
      return rechazo([YA_EXISTE], identidad);
    const res = await consultDte(deps.mh, creds, tipoDte, codigoGeneracion);
    // The batch fails and is run again, from this file on: MH decides every file.
    if (!res.answered) throw new Error(`MH did not answer consultadte for ${codigoGeneracion}`);
    const sello = typeof archivo.selloRecibido === 'string' ? archivo.selloRecibido : null;
    const conclusion = conclusionDeImportacion(res.body, sello);
    if (conclusion.motivo) return rechazo([conclusion.motivo], identidad);
    const kind = documentKindOfTipoDte(tipoDte)!;
    const dteJson = documentoDelArchivo(archivo);
    const registro = {
      dteJson,
      dteFirmado: archivo.firmaElectronica as string,
      selloRecibido: conclusion.selloRecibido,
    };
    const claves = await documentKeys(deps.tenants, {
      _id: codigoGeneracion,
      emisorId: importacion.emisorId,
      ambiente: emisor.ambiente,
      fecEmi: identidad.fecEmi,
      tipoDte,
    });
    // The files first: a record is never without them.
    await deps.store.put(claves.json, archivoDte(registro), 'application/json');
    if (a.pdf?.subarray(0, 5).equals(Buffer.from('%PDF-'))) await deps.store.put(claves.pdf, a.pdf, 'application/pdf');
    const importado = await deps.documents.importar({
      ...registro,
      emisorId: importacion.emisorId,
      codigoGeneracion,
      tipo: kind.tipo,
      tipoDte,
      numeroControl: identidad.numeroControl!,
      ambiente: emisor.ambiente,
      total: kind.total(dteJson as never),
      fecEmi: identidad.fecEmi,
      respuestaMh: respuestaMhView(res.body),
      receptorCorreo: kind.receptorCorreo(dteJson as never),
      tokenId: importacion.actor.tipo === 'TOKEN' ? Number(importacion.actor.id) : 0,
      importacion: { id: importacion._id, fecha: elSalvadorNow(importacion.creadaEn).fecEmi },
    });
    if (!importado) return rechazo([YA_EXISTE], identidad);
    return { codigoGeneracion, numeroControl: identidad.numeroControl, importado: true, motivos: [] };
  }

  return {
    /** Reads how many Archivos DTE the import's file holds, and records it. */
    async prepararImportacion(input: ImportacionInput): Promise<number> {
      const importacion = await importacionDe(input);
      const ruta = await archivoLocal(deps.store, importacion.clave);
      // A large file took a while to fetch: the worker is alive.
      Context.current().heartbeat();
      const total = await contarArchivos(ruta);
      if (importacion.total !== total) await importaciones.avanzar(importacion._id, { total });
      return total;
    },

    /**
     * Imports the files `desde` to `hasta` (excluded), up to eight asked for at MH at once, each result recorded
     * as soon as it is known; the files a crashed attempt recorded are not done again. Records the import's
     * progress: `antes` (the earlier batches' totals, the workflow's) and this batch's.
     */
    async importarLote(
      input: ImportacionInput & { desde: number; hasta: number; antes: TotalesImportacion },
    ): Promise<TotalesImportacion> {
      const importacion = await importacionDe(input);
      const ruta = await archivoLocal(deps.store, importacion.clave);
      Context.current().heartbeat();
      const hechos = await importaciones.resultadosDe(importacion._id, input.desde, input.hasta);
      const pendientes = Array.from({ length: input.hasta - input.desde }, (_, i) => input.desde + i).filter(
        (i) => !hechos.has(i),
      );
      const archivos = await leerArchivos(ruta, importacion.nombre, pendientes);
      const creds = await mhCredentials(deps, importacion.emisorId);
      await consultarTodos(archivos, async (a) => {
        const resultado = await importar(importacion, a, creds);
        await importaciones.registrar(importacion._id, { indice: a.indice, archivo: a.nombre, ...resultado });
      });
      const todos = await importaciones.resultadosDe(importacion._id, input.desde, input.hasta);
      const importados = [...todos.values()].filter((r) => r.importado).length;
      const totales = {
        procesados: input.antes.procesados + todos.size,
        importados: input.antes.importados + importados,
        rechazados: input.antes.rechazados + todos.size - importados,
      };
      await importaciones.avanzar(importacion._id, totales);
      activityLog(deps.log, { emisorId: importacion.emisorId }).info(
        { importacionId: importacion._id, ...totales },
        'import batch done',
      );
      return totales;
    },

    /** Marks the import done. */
    async terminarImportacion(input: ImportacionInput, resumen: ResumenImportacion): Promise<void> {
      const importacion = await importacionDe(input);
      if (importacion.estado !== 'TERMINADA')
        await importaciones.avanzar(importacion._id, { ...resumen, estado: 'TERMINADA', terminadaEn: new Date() });
    },
  };
}
