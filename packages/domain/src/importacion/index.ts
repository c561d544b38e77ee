import { difiereDeLoFirmado, documentoDelArchivo } from '../compras/firma';
import type { IdentidadCompra } from '../compras/identidad';
import type { RespuestaConsulta } from '../compras/verificacion';
import { esquemaDe, validateMhSchema } from '../mh';

/**
 * Documents an emisor issued with another provider and brings here when it moves in (issue 53): each an
 * Archivo DTE, checked without MH (`comprobarImportado`), then asked for at MH under the emisor's own session
 * (`conclusionDeImportacion`). One that passes both becomes an issued document of the emisor, marked imported:
 * it counts in the books, the annexes, the tablero and the search, and may be invalidated, but it is never
 * numbered or sent to MH or its receptor again. Any other is reported with its reasons, never recorded.
 */

/** Why a file of an import was not imported: a stable code, the field it names, and words. */
export interface MotivoImportacion {
  codigo: string;
  campo: string | null;
  mensaje: string;
}

/** Schema violations reported at most: the first ones say enough of a document that is not MH's. */
const MAX_ESQUEMA = 10;

const digitos = (nit: string) => nit.replace(/\D/g, '');

/**
 * What makes a file not the emisor's own document, before MH is asked: issued by another NIT (which MH would
 * not answer to the emisor anyway), of the other ambiente, without the numeroControl it was issued with, not of
 * MH's schema of its kind and version, or not what its emisor signed. Empty: MH decides.
 */
export function comprobarImportado(
  archivo: Record<string, unknown>,
  identidad: IdentidadCompra,
  emisor: { nit: string; ambiente: string },
): MotivoImportacion[] {
  if (digitos(identidad.proveedor.nit) !== digitos(emisor.nit))
    return [
      {
        codigo: 'OTRO_EMISOR',
        campo: 'emisor.nit',
        mensaje: `Lo emitió el NIT ${identidad.proveedor.nit}, no el emisor (${emisor.nit})`,
      },
    ];
  const documento = documentoDelArchivo(archivo);
  const motivos: MotivoImportacion[] = [];
  const ambiente = (documento.identificacion as Record<string, unknown>).ambiente;
  if (ambiente !== emisor.ambiente)
    motivos.push({
      codigo: 'AMBIENTE',
      campo: 'identificacion.ambiente',
      mensaje: `El documento es del ambiente ${String(ambiente)}; el emisor está en el ${emisor.ambiente}`,
    });
  if (!identidad.numeroControl)
    motivos.push({
      codigo: 'SIN_NUMERO_CONTROL',
      campo: 'identificacion.numeroControl',
      mensaje: 'El documento no tiene el número de control con que se emitió',
    });
  const esquema = esquemaDe(identidad.tipoDte, identidad.version);
  if (!esquema)
    motivos.push({
      codigo: 'VERSION_DESCONOCIDA',
      campo: 'identificacion.version',
      mensaje: `MH no publicó la versión ${identidad.version} del tipo ${identidad.tipoDte}`,
    });
  else
    motivos.push(
      ...validateMhSchema(esquema, documento)
        .slice(0, MAX_ESQUEMA)
        .map((v) => ({ codigo: 'ESQUEMA', campo: v.path, mensaje: v.message })),
    );
  return [...motivos, ...difiereDeLoFirmado(archivo)];
}

/**
 * What MH's consultadte answer makes of a file that passed `comprobarImportado`: its sello (the file's, when it
 * carries one, must be MH's), or why it is not imported. A document MH holds invalidated is not brought: it has
 * no fiscal effect, and the books of its period were the previous provider's.
 */
export function conclusionDeImportacion(
  respuesta: RespuestaConsulta,
  selloDelArchivo: string | null,
): { selloRecibido: string; motivo: null } | { selloRecibido: null; motivo: MotivoImportacion } {
  if (respuesta.estado === 'INVALIDADO')
    return {
      selloRecibido: null,
      motivo: { codigo: 'INVALIDADO_EN_MH', campo: null, mensaje: `MH: ${respuesta.descripcionMsg}` },
    };
  if (respuesta.estado !== 'PROCESADO' || !respuesta.selloRecibido)
    return {
      selloRecibido: null,
      motivo: {
        codigo: 'NO_ESTA_EN_MH',
        campo: 'identificacion.codigoGeneracion',
        mensaje: `MH no tiene el documento (${respuesta.codigoMsg}: ${respuesta.descripcionMsg})`,
      },
    };
  if (selloDelArchivo && selloDelArchivo !== respuesta.selloRecibido)
    return {
      selloRecibido: null,
      motivo: {
        codigo: 'SELLO_DIFIERE',
        campo: 'selloRecibido',
        mensaje: `El sello del archivo no es el que MH dio al documento (${respuesta.selloRecibido})`,
      },
    };
  return { selloRecibido: respuesta.selloRecibido, motivo: null };
}

/** A file of the import that is already a document of the service (imported before, or issued here). */
export const YA_EXISTE: MotivoImportacion = {
  codigo: 'YA_EXISTE',
  campo: 'identificacion.codigoGeneracion',
  mensaje: 'El documento ya está en el servicio',
};

/** The correlativo of a numeroControl (DTE-tt-EEEEPPPP-nnnnnnnnnnnnnnn): its last 15 digits. */
export const correlativoDe = (numeroControl: string) => numeroControl.slice(-15);
