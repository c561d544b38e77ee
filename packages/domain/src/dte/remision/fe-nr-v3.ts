import type { Dte04Request } from '../../requests/dte04';
import { direccionV1 } from '../bloques/direccion';
import { emisorConEstablecimiento } from '../bloques/emisor';
import { extension } from '../bloques/extension';
import { identificacion } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { cuerpoYResumenRemision, documentoRelacionadoRemision, receptorBase, requeridoPor } from './remision';

const ESQUEMA = 'fe-nr-v3';

/** Nota de Remisión v3 (fe-nr-v3.json): the receptor's address and e-mail are required. */
export function buildNotaRemisionV3(ctx: BuildContext, request: Dte04Request) {
  const r = request.receptor;
  return {
    identificacion: identificacion(ctx, '04', 3),
    documentoRelacionado: documentoRelacionadoRemision(request, ctx.fecEmi),
    emisor: emisorConEstablecimiento(ctx.emisor),
    receptor: {
      ...receptorBase(r),
      codActividad: r.codActividad ?? null,
      descActividad: r.descActividad ?? null,
      nombreComercial: r.nombreComercial ?? null,
      direccion: direccionV1(requeridoPor(r.direccion, 'receptor.direccion', ESQUEMA)),
      telefono: r.telefono ?? null,
      correo: requeridoPor(r.correo, 'receptor.correo', ESQUEMA),
      bienTitulo: r.bienTitulo,
    },
    ventaTercero: null,
    ...cuerpoYResumenRemision(request),
    extension: extension(request.observaciones),
    apendice: request.apendice ?? null,
  };
}
export type NotaRemisionV3 = ReturnType<typeof buildNotaRemisionV3>;
