import { totalLetras } from '../../letras';
import { money, toNumber2, toNumber8 } from '../../money';
import type { Dte01Request, ReceptorConsumidorRequest } from '../../requests/dte01';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { direccion2026 } from '../bloques/direccion';
import { emisor2026 } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import { conNoGravado, resumenVenta } from '../bloques/resumen';
import type { BuildContext } from '../documento';
import { ivaItemFactura } from '../iva';
import { checkIdentificacionReceptor, totalesFactura, umbralIdentificacionReceptor } from './totales';

/**
 * Factura Electrónica v2 (fe-f-v2.json, Normativa DTE 2.0). The arithmetic is v1's (prices include
 * IVA); the differences are of shape: no `extension` (observaciones go in the resumen), `ivaRete`
 * instead of `ivaRete1` and no `reteRenta`, the emisor by the taxpayer's codes only, distrito in every
 * address.
 */
export function buildFacturaV2(ctx: BuildContext, request: Dte01Request) {
  const lineas = request.items.map(lineaVenta);
  const t = totalesFactura(lineas, request.descuento);
  checkIdentificacionReceptor(request.receptor, t.montoTotalOperacion, umbralIdentificacionReceptor(2, ctx.fecEmi));
  const { totalNoGravado, totalPagar } = conNoGravado(request.items, t.montoTotalOperacion);
  return {
    identificacion: identificacion(ctx, '01', 2),
    documentoRelacionado: null,
    emisor: emisor2026(ctx.emisor),
    receptor: receptorFacturaV2(request.receptor),
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: lineas.map((linea, i) => ({
      ...cuerpoItemVenta(request.items[i]!, linea, i + 1, { tributoIva: false, numeroDocumento: null }),
      psv: toNumber8(money(request.items[i]!.psv)),
      noGravado: toNumber8(money(request.items[i]!.noGravado)),
      ivaItem: toNumber8(ivaItemFactura(linea.ventaGravada)),
    })),
    resumen: {
      ...resumenVenta(t),
      porcentajeDescuento: toNumber2(t.porcentajeDescuento),
      tributos: null,
      ivaRete: 0,
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalNoGravado: toNumber2(totalNoGravado),
      totalPagar: toNumber2(totalPagar),
      totalLetras: totalLetras(totalPagar),
      totalIva: toNumber2(t.totalIva),
      saldoFavor: 0,
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, totalPagar),
      numPagoElectronico: null,
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type FacturaV2 = ReturnType<typeof buildFacturaV2>;

/**
 * An anonymous consumer keeps the receptor object with null identification, as in v1. The DUI is
 * written as its 9 digits: v2 dropped v1's `########-#` pattern, and a hyphenated DUI was reported
 * refused by apitest for v2 (FraFactu-Backend, June 2026).
 */
function receptorFacturaV2(r: ReceptorConsumidorRequest) {
  return {
    tipoDocumento: r.tipoDocumento ?? null,
    numDocumento: r.tipoDocumento && r.numDocumento ? r.numDocumento : null,
    nrc: null,
    nombre: r.nombre ?? null,
    codActividad: r.codActividad ?? null,
    descActividad: r.descActividad ?? null,
    direccion: r.direccion ? direccion2026(r.direccion, 'receptor.direccion') : null,
    telefono: r.telefono ?? null,
    correo: r.correo ?? null,
  };
}
