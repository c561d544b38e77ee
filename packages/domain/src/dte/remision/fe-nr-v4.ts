import type { Dte04Request } from '../../requests/dte04';
import { direccion2026 } from '../bloques/direccion';
import { emisor2026 } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { cuerpoYResumenRemision, documentoRelacionadoRemision, receptorBase, requeridoPor } from './remision';

const ESQUEMA = 'fe-nr-v4';

/**
 * Nota de Remisión v4 (fe-nr-v4.json, Normativa DTE 2.0): the receptor's economic activity becomes
 * required and its address optional (with distrito when given); `extension` is gone (observaciones go in
 * the resumen).
 */
export function buildNotaRemisionV4(ctx: BuildContext, request: Dte04Request) {
  const r = request.receptor;
  const { cuerpoDocumento, resumen } = cuerpoYResumenRemision(request);
  return {
    identificacion: identificacion(ctx, '04', 4),
    documentoRelacionado: documentoRelacionadoRemision(request, ctx.fecEmi),
    emisor: emisor2026(ctx.emisor),
    receptor: {
      ...receptorBase(r),
      codActividad: requeridoPor(r.codActividad, 'receptor.codActividad', ESQUEMA),
      descActividad: requeridoPor(r.descActividad, 'receptor.descActividad', ESQUEMA),
      nombreComercial: r.nombreComercial ?? null,
      direccion: r.direccion ? direccion2026(r.direccion, 'receptor.direccion') : null,
      telefono: r.telefono ?? null,
      correo: r.correo ?? null,
      bienTitulo: r.bienTitulo,
    },
    ventaTercero: null,
    cuerpoDocumento,
    resumen: { ...resumen, observaciones: request.observaciones || null },
    apendice: request.apendice ?? null,
  };
}
export type NotaRemisionV4 = ReturnType<typeof buildNotaRemisionV4>;
