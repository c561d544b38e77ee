import { esquemaDe, validateMhSchema } from '../mh';
import { aritmeticaDeCompra } from './aritmetica';
import { difiereDeLoFirmado, documentoDelArchivo } from './firma';
import type { IdentidadCompra } from './identidad';
import type { MotivoCompra } from './motivos';
import { receptorNoEsElEmisor } from './receptor';

/** Schema violations reported at most: the first ones say enough of a document that is not MH's. */
const MAX_ESQUEMA = 20;

/** What the checks made without MH concluded: a final estado, or null (nothing wrong: MH decides). */
export interface ComprobacionCompra {
  estado: 'NO_ES_PARA_ESTE_EMISOR' | 'INCONSISTENTE' | null;
  motivos: MotivoCompra[];
}

/**
 * Checks a received Archivo DTE without MH: its shape against MH's schema of its kind and version (either
 * generation, as the service validates what it sends), that its receptor is this emisor, its arithmetic,
 * and that it is what its supplier signed. A document for another receptor is NO_ES_PARA_ESTE_EMISOR
 * whatever else is wrong with it (the other reasons are listed too); any other reason makes it INCONSISTENTE.
 */
export function comprobarCompra(
  archivo: Record<string, unknown>,
  identidad: IdentidadCompra,
  emisor: { nit: string; nrc: string },
): ComprobacionCompra {
  const { tipoDte, version } = identidad;
  const documento = documentoDelArchivo(archivo);
  const receptor = receptorNoEsElEmisor(tipoDte, version, documento, emisor);
  const motivos: MotivoCompra[] = [];
  const esquema = esquemaDe(tipoDte, version);
  if (!esquema)
    motivos.push({
      codigo: 'VERSION_DESCONOCIDA',
      campo: 'identificacion.version',
      mensaje: `MH no publicó la versión ${version} del tipo ${tipoDte}`,
    });
  else {
    const violaciones = validateMhSchema(esquema, documento);
    motivos.push(
      ...violaciones.slice(0, MAX_ESQUEMA).map((v) => ({ codigo: 'ESQUEMA', campo: v.path, mensaje: v.message })),
    );
    // Amounts are read only from a document of MH's shape.
    if (violaciones.length === 0) motivos.push(...aritmeticaDeCompra(tipoDte, version, documento));
  }
  motivos.push(...difiereDeLoFirmado(archivo));
  if (receptor.length) return { estado: 'NO_ES_PARA_ESTE_EMISOR', motivos: [...receptor, ...motivos] };
  return { estado: motivos.length ? 'INCONSISTENTE' : null, motivos };
}

/**
 * How a receptor asks MH for a supplier's document: consultadte (Manual Técnico v1.0 §4.3.1) with the
 * supplier's NIT as `nitEmisor`, under the receptor's own session. MH's manual names only the emisor as
 * caller; its public consultation (consultaPublica, §5: codigoGeneracion + fecEmi) is a web page without
 * an API. Our reading: consultadte answers a document to its emisor and to its receptor (the simulator
 * enforces it; docs/api-rules.md "Documents received"). Changing how a receptor asks is this function.
 */
export function consultaDeReceptor(identidad: IdentidadCompra) {
  return { nitEmisor: identidad.proveedor.nit, tdte: identidad.tipoDte, codigoGeneracion: identidad.codigoGeneracion };
}

/** What consultadte answered, as the verification reads it. */
export interface RespuestaConsulta {
  estado: string;
  selloRecibido: string | null;
  codigoMsg: string;
  descripcionMsg: string;
}

/** The outcome of a document that passed `comprobarCompra`, by MH's answer to `consultaDeReceptor`. */
export function estadoSegunMh(
  respuesta: RespuestaConsulta,
  selloDelArchivo: string | null,
): { estado: 'VERIFICADO' | 'INVALIDADO_EN_MH' | 'NO_ENCONTRADO' | 'INCONSISTENTE'; motivos: MotivoCompra[] } {
  if (respuesta.estado === 'INVALIDADO')
    return {
      estado: 'INVALIDADO_EN_MH',
      motivos: [{ codigo: 'INVALIDADO_EN_MH', campo: null, mensaje: `MH: ${respuesta.descripcionMsg}` }],
    };
  if (respuesta.estado !== 'PROCESADO' || !respuesta.selloRecibido)
    return {
      estado: 'NO_ENCONTRADO',
      motivos: [
        {
          codigo: `MH_${respuesta.codigoMsg}`,
          campo: 'identificacion.codigoGeneracion',
          mensaje: `MH: ${respuesta.descripcionMsg}`,
        },
      ],
    };
  if (selloDelArchivo && selloDelArchivo !== respuesta.selloRecibido)
    return {
      estado: 'INCONSISTENTE',
      motivos: [
        {
          codigo: 'SELLO_DIFIERE',
          campo: 'selloRecibido',
          mensaje: `El sello del archivo no es el que MH dio al documento (${respuesta.selloRecibido})`,
        },
      ],
    };
  return { estado: 'VERIFICADO', motivos: [] };
}
