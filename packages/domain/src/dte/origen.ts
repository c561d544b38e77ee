import { DteError, ErrorCode } from '../errors';
import { tipoDeDte, type OriginDocument } from './documento';

/**
 * What a document that refers to another (NC/ND → CCF, retorno → FE/FSE) requires of it. The caller
 * looks the original up by codigoGeneracion; these are the rules on what it found.
 */
export interface OrigenRequerido {
  codigoGeneracion: string;
  tiposDte: readonly string[];
  /** The code for an original MH has not accepted: the spec names it differently per endpoint. */
  noProcesado: typeof ErrorCode.DOCUMENT_NOT_PROCESSED | typeof ErrorCode.INVALID_ORIGIN_STATUS;
}

export function assertOrigen(origin: OriginDocument | undefined, requerido: OrigenRequerido): OriginDocument {
  const { codigoGeneracion, tiposDte, noProcesado } = requerido;
  if (!origin) throw new DteError(ErrorCode.DOCUMENT_NOT_FOUND, 404, `No existe el documento ${codigoGeneracion}`);
  const tipoDte = tipoDeDte(origin.dte);
  const encontrado = origin.dte.identificacion.codigoGeneracion;
  if (encontrado !== codigoGeneracion)
    throw new Error(`origin mismatch: asked for ${codigoGeneracion}, given ${encontrado}`);
  if (!tiposDte.includes(tipoDte))
    throw new DteError(
      ErrorCode.INVALID_ORIGIN_TYPE,
      400,
      `El documento ${codigoGeneracion} es un DTE ${tipoDte}; se requiere un DTE ${tiposDte.join(' o ')}`,
      { tipoDte },
    );
  if (origin.estado !== 'PROCESSED' || !origin.selloRecibido)
    throw new DteError(noProcesado, 400, `El documento ${codigoGeneracion} no fue aceptado por MH`, {
      estado: origin.estado,
    });
  return origin;
}
