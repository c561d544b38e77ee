import { validationError } from '../../errors';
import { money } from '../../money';
import { relacionadosDeNota, type NotaRequest } from '../../requests/nota';
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

/** A CCF the note adjusts, as its documentoRelacionado names it. */
export interface CcfAjustado {
  tipoGeneracion: 1 | 2;
  numeroDocumento: string;
  fechaEmision: string;
}

/** What a note of either version needs of the CCFs it adjusts, whatever their own version. */
export interface NotaOriginal {
  relacionados: CcfAjustado[];
  /** The note's receptor: the request's, else the originals' (a note goes to the same taxpayer). */
  receptor: ReceptorContribuyenteRequest;
}

/**
 * Checks each electronic CCF the note adjusts (an accepted CCF of this emisor, `origenes` holding them in
 * any order) and that the request's `isRetenIva` matches its 1 % retention (`ivaRete1` in v3, `ivaRete` in
 * v4). Several CCFs must be of one taxpayer: a note has one receptor. Paper CCFs are taken as named.
 */
export function notaOriginal(request: NotaRequest, origenes: readonly OriginDocument[] = []): NotaOriginal {
  const originales: CreditoFiscalOriginal[] = [];
  const relacionados = relacionadosDeNota(request).map((d): CcfAjustado => {
    if (d.tipoGeneracion === 1)
      return { tipoGeneracion: 1, numeroDocumento: d.numeroDocumento, fechaEmision: d.fechaEmision! };
    const origin = origenes.find((o) => o.dte.identificacion.codigoGeneracion === d.numeroDocumento);
    const { dte } = assertOrigen(origin, {
      codigoGeneracion: d.numeroDocumento,
      tiposDte: ['03'],
      noProcesado: 'DOCUMENT_NOT_PROCESSED',
    });
    const original = dte as unknown as CreditoFiscalOriginal;
    const retencion = original.resumen.ivaRete1 ?? original.resumen.ivaRete ?? 0;
    if (money(retencion).gt(0) !== request.isRetenIva)
      throw validationError('isRetenIva no coincide con el documento original', [
        {
          field: 'isRetenIva',
          message: `El CCF ${d.numeroDocumento} ${request.isRetenIva ? 'no tiene' : 'tiene'} retención de IVA`,
        },
      ]);
    originales.push(original);
    return { tipoGeneracion: 2, numeroDocumento: d.numeroDocumento, fechaEmision: dte.identificacion.fecEmi };
  });
  if (new Set(originales.map((o) => o.receptor.nit)).size > 1)
    throw validationError('Los CCF ajustados son de receptores distintos', [
      { field: 'documentosRelacionados', message: 'Una nota ajusta CCF de un mismo receptor' },
    ]);
  return { relacionados, receptor: request.receptor ?? receptorDelOriginal(originales[0]!.receptor) };
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

/** The note's documentoRelacionado: the CCFs it adjusts, electronic or on paper (CAT-007). */
export function documentoRelacionadoNota(original: NotaOriginal) {
  return original.relacionados.map((d) => ({ tipoDocumento: '03', ...d }));
}

/** The CCF a line adjusts: the one it names, or the note's only one. */
export function ccfDeLinea(item: { numeroDocumento?: string | null }, original: NotaOriginal): string {
  const numero = item.numeroDocumento?.toUpperCase();
  return (
    original.relacionados.find((d) => d.numeroDocumento.toUpperCase() === numero)?.numeroDocumento ??
    original.relacionados[0]!.numeroDocumento
  );
}
