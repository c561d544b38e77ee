import { direccionDeV1 } from '../dte/bloques/direccion';
import { DteError, ErrorCode, validationError } from '../errors';
import { parseRequest } from '../requests/parse';
import { clienteRequest, type Cliente } from './cliente';

type Json = Record<string, unknown>;

const esObjeto = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The sections of an issuance body or a DTE that name whom it was issued to. */
const SECCIONES = ['receptor', 'sujetoExcluido', 'donante'] as const;

function seccion(o: unknown): { nombre: string; datos: Json } | null {
  if (!esObjeto(o)) return null;
  const nombre = SECCIONES.find((s) => esObjeto(o[s]));
  return nombre ? { nombre, datos: o[nombre] as Json } : null;
}

/**
 * A DTE's receptor in the body's shape: a CCF (and a 2023 note) names it by NIT alone, which is tipo 36; a
 * 2023 address keeps its distrito in `complemento` (`direccionDeV1`).
 */
function delDte(r: Json): Json {
  const porNit = r['tipoDocumento'] == null && typeof r['nit'] === 'string';
  const direccion = r['direccion'];
  return {
    ...r,
    tipoDocumento: porNit ? '36' : r['tipoDocumento'],
    numDocumento: porNit ? r['nit'] : r['numDocumento'],
    direccion:
      esObjeto(direccion) && typeof direccion['complemento'] === 'string'
        ? direccionDeV1(direccion as unknown as Parameters<typeof direccionDeV1>[0])
        : direccion,
  };
}

/**
 * Whom a document of the emisor was issued to, as a customer of the book (`POST /clientes/desde-dte`): the
 * section of its issuance request that names them (stored as the API took it), or, when the request named
 * none (a note, whose receptor is its CCF's), the document's own. What the book refuses (an anonymous
 * consumer has no document to be known by) is a 400 naming the section's field.
 */
export function clienteDelDocumento(tipoDte: string, request: unknown, dte: unknown): Cliente {
  const pedido = seccion(request);
  const documento = pedido ? null : seccion(dte);
  const encontrada = pedido ?? (documento && { nombre: documento.nombre, datos: delDte(documento.datos) });
  if (!encontrada)
    throw validationError(`Un DTE ${tipoDte} no nombra a quién se emitió: no hay cliente que guardar`, [
      { field: 'codigoGeneracion', message: 'El documento no tiene receptor' },
    ]);
  try {
    return parseRequest(clienteRequest, encontrada.datos);
  } catch (err) {
    if (!(err instanceof DteError) || err.code !== ErrorCode.VALIDATION_ERROR) throw err;
    const errores = err.details['errors'] as { field: string; message: string }[];
    throw validationError(
      `El ${encontrada.nombre} del documento no puede guardarse como cliente`,
      errores.map((e) => ({ field: `${encontrada.nombre}.${e.field}`, message: e.message })),
    );
  }
}
