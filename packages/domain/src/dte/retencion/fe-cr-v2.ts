import { totalLetras } from '../../letras';
import { money, round2, sum, toNumber2, type Money } from '../../money';
import type { Dte07Request } from '../../requests/dte07';
import { direccion2026 } from '../bloques/direccion';
import { emisor2026 } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import type { BuildContext } from '../documento';
import { checkFechasRelacionadas } from './relacionados';
import { ivaSobreGravada } from '../iva';

/**
 * Comprobante de Retención v2 (fe-cr-v2.json, Normativa DTE 2.0): v1's retentions under v2's names
 * (`tipoGeneracion`, `numeroDocumento`, `totalIvaRetenido`, `totalLetras`), the emisor by the taxpayer's
 * codes, distrito in both addresses, observaciones in the resumen. It may be issued in contingency.
 */
export function buildComprobanteRetencionV2(ctx: BuildContext, request: Dte07Request) {
  checkFechasRelacionadas(request.cuerpoDocumento, ctx.fecEmi, 'al comprobante de retención');
  const { receptor: r } = request;
  const montos = request.cuerpoDocumento.map((c) => round2(money(c.montoSujetoGrav)));
  const retenidos = request.cuerpoDocumento.map((c) => round2(money(c.ivaRetenido)));
  const totalSujetoRetencion = sum(montos);
  const totalIvaRetenido = sum(retenidos);
  return {
    identificacion: identificacion(ctx, '07', 2),
    emisor: emisor2026(ctx.emisor),
    receptor: {
      tipoDocumento: r.tipoDocumento,
      numDocumento: r.numDocumento,
      nrc: r.nrc ?? null,
      nombre: r.nombre,
      codActividad: r.codActividad,
      descActividad: r.descActividad,
      nombreComercial: r.nombreComercial ?? null,
      direccion: direccion2026(r.direccion, 'receptor.direccion'),
      telefono: r.telefono ?? null,
      correo: r.correo,
    },
    cuerpoDocumento: request.cuerpoDocumento.map((c, i) => ({
      numItem: c.numItem,
      tipoDte: c.tipoDte,
      tipoGeneracion: c.tipoGeneracion,
      numeroDocumento: c.numDocumento,
      fechaEmision: c.fechaEmision,
      montoSujetoGrav: toNumber2(montos[i]!),
      codigoRetencionMH: c.codigoRetencionMH,
      ivaRetenido: toNumber2(retenidos[i]!),
      descripcion: c.descripcion,
    })),
    resumen: {
      totalSujetoRetencion: toNumber2(totalSujetoRetencion),
      totalIva: toNumber2(ivaSujetoRetencionCrV2(totalSujetoRetencion)),
      totalIvaRetenido: toNumber2(totalIvaRetenido),
      totalLetras: totalLetras(totalIvaRetenido),
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type ComprobanteRetencionV2 = ReturnType<typeof buildComprobanteRetencionV2>;

/**
 * CR v2 `resumen.totalIva`, new in 2026 and unexplained by the schema: the IVA of the amounts subject to
 * retention (13 % of totalSujetoRetencion), informative, changing no other total. The reading of the
 * Normativa DTE 2.0 annexes' digest (FACTS.md [DIG], field 157) and of the implementers found
 * (wisusdev/boilerplate_backend_api_laravel RetencionBuilder.php, magrmobile/ew-produccion); one sends 0.
 */
function ivaSujetoRetencionCrV2(totalSujetoRetencion: Money): Money {
  return ivaSobreGravada(totalSujetoRetencion);
}
