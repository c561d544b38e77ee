import { totalLetras } from '../../letras';
import { money, round2, sum, toNumber2 } from '../../money';
import type { Dte07Request } from '../../requests/dte07';
import { direccionV1 } from '../bloques/direccion';
import { emisorRetencion } from '../bloques/emisor';
import { extension } from '../bloques/extension';
import { identificacion } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { checkFechasRelacionadas } from './relacionados';

/**
 * Comprobante de Retención v1 (fe-cr-v1.json): the IVA an agente de retención withheld on documents
 * received. Each line's ivaRetenido was checked against its CAT-006 rate when the request was parsed
 * (requests/dte07.ts, rates in ./tasas.ts).
 */
export function buildComprobanteRetencionV1(ctx: BuildContext, request: Dte07Request) {
  checkFechasRelacionadas(request.cuerpoDocumento, ctx.fecEmi, 'al comprobante de retención');
  const { receptor: r } = request;
  const montos = request.cuerpoDocumento.map((c) => round2(money(c.montoSujetoGrav)));
  const retenidos = request.cuerpoDocumento.map((c) => round2(money(c.ivaRetenido)));
  const totalIVAretenido = sum(retenidos);
  return {
    identificacion: identificacion(ctx, '07', 1),
    emisor: emisorRetencion(ctx.emisor),
    receptor: {
      tipoDocumento: r.tipoDocumento,
      numDocumento: r.numDocumento,
      nrc: r.nrc ?? null,
      nombre: r.nombre,
      codActividad: r.codActividad,
      descActividad: r.descActividad,
      nombreComercial: r.nombreComercial ?? null,
      direccion: direccionV1(r.direccion),
      telefono: r.telefono ?? null,
      correo: r.correo,
    },
    cuerpoDocumento: request.cuerpoDocumento.map((c, i) => ({
      numItem: c.numItem,
      tipoDte: c.tipoDte,
      tipoDoc: c.tipoGeneracion,
      numDocumento: c.numDocumento,
      fechaEmision: c.fechaEmision,
      montoSujetoGrav: toNumber2(montos[i]!),
      codigoRetencionMH: c.codigoRetencionMH,
      ivaRetenido: toNumber2(retenidos[i]!),
      descripcion: c.descripcion,
    })),
    resumen: {
      totalSujetoRetencion: toNumber2(sum(montos)),
      totalIVAretenido: toNumber2(totalIVAretenido),
      totalIVAretenidoLetras: totalLetras(totalIVAretenido),
    },
    extension: extension(request.observaciones),
    apendice: request.apendice ?? null,
  };
}
export type ComprobanteRetencionV1 = ReturnType<typeof buildComprobanteRetencionV1>;
