import { consultaPublicaUrl, esquemaDe, validateMhSchema } from '../mh';
import { money } from '../money';
import { aritmeticaDeCompra } from './aritmetica';
import { difiereDeLoFirmado, documentoDelArchivo, estaFirmado } from './firma';
import type { IdentidadCompra } from './identidad';
import { MONTO_DE_COMPRA, montoDeCompra } from './monto';
import type { MotivoCompra } from './motivos';
import { receptorNoEsElEmisor } from './receptor';

/** Schema violations reported at most: the first ones say enough of a document that is not MH's. */
const MAX_ESQUEMA = 20;

/** What the checks made without MH concluded: a final estado, or null (nothing wrong: MH decides). */
export interface ComprobacionCompra {
  estado: 'NO_ES_PARA_ESTE_EMISOR' | 'INCONSISTENTE' | null;
  motivos: MotivoCompra[];
}

/** MH's CAT-001, in the words a person reads. */
const AMBIENTES: Record<string, string> = { '00': 'de pruebas', '01': 'de producción' };
const nombreAmbiente = (codigo: unknown) => `${AMBIENTES[String(codigo)] ?? 'desconocido'} (${String(codigo)})`;

/** A document of MH's other environment: a test document has no fiscal effect in production, nor the reverse. */
function otroAmbiente(documento: Record<string, unknown>, ambiente: string): MotivoCompra[] {
  const delDocumento = (documento.identificacion as Record<string, unknown> | undefined)?.ambiente;
  if (delDocumento === ambiente) return [];
  return [
    {
      codigo: 'AMBIENTE',
      campo: 'identificacion.ambiente',
      mensaje: `El documento es del ambiente ${nombreAmbiente(delDocumento)}; el emisor está en el ${nombreAmbiente(ambiente)}`,
    },
  ];
}

/**
 * Checks a received Archivo DTE without MH: its shape against MH's schema of its kind and version (either
 * generation, as the service validates what it sends), that its receptor is this emisor in this emisor's
 * ambiente, its arithmetic, and that it is what its supplier signed. A document for another receptor or of
 * the other ambiente is NO_ES_PARA_ESTE_EMISOR whatever else is wrong with it (the other reasons are listed
 * too); any other reason makes it INCONSISTENTE.
 */
export function comprobarCompra(
  archivo: Record<string, unknown>,
  identidad: IdentidadCompra,
  emisor: { nit: string; nrc: string; ambiente: string },
): ComprobacionCompra {
  const { tipoDte, version } = identidad;
  const documento = documentoDelArchivo(archivo);
  const receptor = [
    ...receptorNoEsElEmisor(tipoDte, version, documento, emisor),
    ...otroAmbiente(documento, emisor.ambiente),
  ];
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

/** What consultadte's PROCESADO answer, with the sello of the file, binds of a document. */
export const CONFIRMADO_POR_MH = [
  'codigoGeneracion',
  'selloRecibido',
  'emisor',
  'receptor',
  'ambiente',
  'vigente',
] as const;
export type HechoConfirmadoPorMh = (typeof CONFIRMADO_POR_MH)[number];

/**
 * What backs a document's lines and amounts, which MH's consultadte does not carry: the supplier's signature
 * over them (`firmaElectronica`, whose payload is the JSON; only MH can check the signature itself, it holds
 * the supplier's certificate), or nothing (a file without it).
 */
export type RespaldoDelContenido = 'FIRMA_DEL_PROVEEDOR' | 'SIN_FIRMA';

/**
 * Which received documents wait for a person before they count (`POR_CONFIRMAR`), the emisor's choice (admin
 * CLI `emisor compras`; the service's default `COMPRAS_MONTO_CONFIRMACION`).
 */
export interface PoliticaCompras {
  /** Above this amount (`montoDeCompra`, USD, two decimals at most) a document waits. */
  montoConfirmacion: string;
  /** The first document of a supplier the emisor has none verified or confirmed of waits. */
  primeroDelProveedor: boolean;
}

/** What the verification knows of a received document, beyond MH's answer. */
export interface HechosDeCompra {
  tipoDte: string;
  /** The document (without what the Archivo adds). */
  documento: Record<string, unknown>;
  /** The sello the file carries, if any. */
  selloDelArchivo: string | null;
  /** It carries a `firmaElectronica` (that its payload is the JSON `comprobarCompra` has checked). */
  firmado: boolean;
  /** No document of its supplier was verified or confirmed for the emisor before it. */
  proveedorNuevo: boolean;
  /** A person confirmed it against MH's consulta pública (`ConfirmarCompra`). */
  confirmadoPorPersona: boolean;
}

export interface ConclusionCompra {
  estado: 'VERIFICADO' | 'POR_CONFIRMAR' | 'CONFIRMADO' | 'INVALIDADO_EN_MH' | 'NO_ENCONTRADO' | 'INCONSISTENTE';
  motivos: MotivoCompra[];
  /** What MH confirmed (none unless it holds the document, sealed as the file says, in force). */
  confirmadoPorMh: HechoConfirmadoPorMh[];
}

/** Why a document MH confirmed still waits for a person: none, it is VERIFICADO. */
function porConfirmar(h: HechosDeCompra, politica: PoliticaCompras): MotivoCompra[] {
  const motivos: MotivoCompra[] = [];
  if (!h.firmado)
    motivos.push({
      codigo: 'SIN_FIRMA',
      campo: 'firmaElectronica',
      mensaje:
        'El archivo no trae la firma del proveedor: nada une sus líneas y montos al sello de MH. Compárelo con la consulta pública de MH',
    });
  const monto = montoDeCompra(h.tipoDte, h.documento);
  if (monto.gt(money(politica.montoConfirmacion)))
    motivos.push({
      codigo: 'MONTO_SOBRE_UMBRAL',
      campo: (MONTO_DE_COMPRA[h.tipoDte] ?? []).join('.') || null,
      mensaje: `${monto.toFixed(2)} supera ${money(politica.montoConfirmacion).toFixed(2)}, sobre lo que una persona compara el documento con la consulta pública de MH`,
    });
  if (politica.primeroDelProveedor && h.proveedorNuevo)
    motivos.push({
      codigo: 'PROVEEDOR_NUEVO',
      campo: 'emisor.nit',
      mensaje: 'Primer documento de este proveedor: una persona lo compara con la consulta pública de MH',
    });
  return motivos;
}

/**
 * The outcome of a document that passed `comprobarCompra`, by MH's answer to `consultaDeReceptor`. MH
 * confirms the codigoGeneracion, the sello, the emisor (asked by its NIT), the receptor (it answers the
 * receptor's session) and that it is in force; it says nothing of the amounts. So a document is VERIFICADO
 * only when its amounts are its supplier's signed claim and the emisor's policy lets it count unseen;
 * otherwise it is POR_CONFIRMAR until a person compares it with MH's consulta pública (then CONFIRMADO).
 */
export function conclusionDeCompra(
  respuesta: RespuestaConsulta,
  hechos: HechosDeCompra,
  politica: PoliticaCompras,
): ConclusionCompra {
  if (respuesta.estado === 'INVALIDADO')
    return {
      estado: 'INVALIDADO_EN_MH',
      motivos: [{ codigo: 'INVALIDADO_EN_MH', campo: null, mensaje: `MH: ${respuesta.descripcionMsg}` }],
      confirmadoPorMh: [],
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
      confirmadoPorMh: [],
    };
  if (hechos.selloDelArchivo && hechos.selloDelArchivo !== respuesta.selloRecibido)
    return {
      estado: 'INCONSISTENTE',
      motivos: [
        {
          codigo: 'SELLO_DIFIERE',
          campo: 'selloRecibido',
          mensaje: `El sello del archivo no es el que MH dio al documento (${respuesta.selloRecibido})`,
        },
      ],
      confirmadoPorMh: [],
    };
  const confirmadoPorMh = [...CONFIRMADO_POR_MH];
  const motivos = porConfirmar(hechos, politica);
  if (!motivos.length) return { estado: 'VERIFICADO', motivos, confirmadoPorMh };
  return { estado: hechos.confirmadoPorPersona ? 'CONFIRMADO' : 'POR_CONFIRMAR', motivos, confirmadoPorMh };
}

/**
 * What proves a received document, as its record states it (README, "What each check proves"): the facts
 * MH confirmed (none until it answered), what backs its lines and amounts, the amount the emisor's policy
 * reads, and MH's consulta pública of it, where a person compares what MH does not answer.
 */
export interface VerificacionCompra {
  confirmadoPorMh: HechoConfirmadoPorMh[];
  contenido: RespaldoDelContenido;
  /** `montoDeCompra`, two decimals. */
  monto: string;
  consultaPublica: string;
}

/** A received document's `VerificacionCompra` before MH answers. */
export function verificacionSinMh(archivo: Record<string, unknown>, identidad: IdentidadCompra): VerificacionCompra {
  const ambiente = (archivo.identificacion as Record<string, unknown>).ambiente;
  return {
    confirmadoPorMh: [],
    contenido: estaFirmado(archivo) ? 'FIRMA_DEL_PROVEEDOR' : 'SIN_FIRMA',
    monto: montoDeCompra(identidad.tipoDte, documentoDelArchivo(archivo)).toFixed(2),
    consultaPublica: consultaPublicaUrl({
      ambiente: typeof ambiente === 'string' ? ambiente : '',
      codigoGeneracion: identidad.codigoGeneracion,
      fecEmi: identidad.fecEmi,
    }),
  };
}

/** A person's comparison of a POR_CONFIRMAR document with MH's consulta pública. */
export interface ConfirmacionCompra {
  coincide: boolean;
  nota: string | null;
  /** Who: the API token the person acted with (its id and name). */
  por: { tokenId: number; nombre: string };
  /** ISO 8601. */
  en: string;
}
