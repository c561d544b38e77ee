import { validationError } from '../../errors';
import { money } from '../../money';
import type { NotaRequest } from '../../requests/nota';
import type { ReceptorContribuyenteRequest } from '../../requests/dte03';
import { direccionDeV1 } from '../bloques/direccion';
import type { ReceptorContribuyente } from '../bloques/receptor';
import type { OriginDocument } from '../documento';
import { assertOrigen } from '../origen';

/** The CCF a note adjusts, as CCF v3 and v4 (documents this service built) both carry it. */
interface CreditoFiscalOriginal {
  receptor: ReceptorContribuyente;
  resumen: { ivaRete1?: number; ivaRete?: number };
}

/** What a note of either version needs of the CCF it adjusts, whatever the CCF's own version. */
export interface NotaOriginal {
  codigoGeneracion: string;
  fecEmi: string;
  /** The note's receptor: the request's, else the original's (a note goes to the same taxpayer). */
  receptor: ReceptorContribuyenteRequest;
}

/**
 * Checks the original (an accepted CCF of this emisor) and that the request's `isRetenIva` matches its
 * 1 % retention (`ivaRete1` in v3, `ivaRete` in v4).
 */
export function notaOriginal(request: NotaRequest, origin: OriginDocument | undefined): NotaOriginal {
  const { dte } = assertOrigen(origin, {
    codigoGeneracion: request.codigoGeneracion,
    tiposDte: ['03'],
    noProcesado: 'DOCUMENT_NOT_PROCESSED',
  });
  const original = dte as unknown as CreditoFiscalOriginal;
  const retencion = original.resumen.ivaRete1 ?? original.resumen.ivaRete ?? 0;
  if (money(retencion).gt(0) !== request.isRetenIva)
    throw validationError('isRetenIva no coincide con el documento original', [
      { field: 'isRetenIva', message: `El CCF original ${request.isRetenIva ? 'no tiene' : 'tiene'} retención de IVA` },
    ]);
  return {
    codigoGeneracion: dte.identificacion.codigoGeneracion,
    fecEmi: dte.identificacion.fecEmi,
    receptor: request.receptor ?? receptorDelOriginal(original.receptor),
  };
}

/** The CCF's receptor in the request's shape: identified by its NIT (CAT-022 36), distrito recovered. */
function receptorDelOriginal(r: ReceptorContribuyente): ReceptorContribuyenteRequest {
  return {
    tipoDocumento: '36',
    numDocumento: r.nit,
    nit: r.nit,
    nrc: r.nrc,
    nombre: r.nombre,
    codActividad: r.codActividad,
    descActividad: r.descActividad,
    nombreComercial: r.nombreComercial,
    direccion: direccionDeV1(r.direccion),
    telefono: r.telefono,
    correo: r.correo,
  };
}

/** The note's documentoRelacionado: the CCF it adjusts, electronic (CAT-007 2). */
export function documentoRelacionadoNota(original: NotaOriginal) {
  return [
    {
      tipoDocumento: '03',
      tipoGeneracion: 2,
      numeroDocumento: original.codigoGeneracion,
      fechaEmision: original.fecEmi,
    },
  ];
}
