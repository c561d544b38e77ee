import { totalLetras } from '../../letras';
import { money, toNumber2, toNumber8 } from '../../money';
import type { TipoDocumento } from '../../requests/common';
import type { Dte01Request, ReceptorConsumidorRequest } from '../../requests/dte01';
import { cuerpoItemVenta, lineaVenta } from '../bloques/cuerpo';
import { direccionV1 } from '../bloques/direccion';
import { emisorConEstablecimiento } from '../bloques/emisor';
import { extensionConPlaca } from '../bloques/extension';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import { conNoGravado, resumenVenta } from '../bloques/resumen';
import type { BuildContext } from '../documento';
import { ivaItemFactura } from '../iva';
import { checkIdentificacionReceptor, totalesFactura, umbralIdentificacionReceptor } from './totales';

/** Factura Electrónica v1 (fe-fc-v1.json). Prices include IVA. */
export function buildFacturaV1(ctx: BuildContext, request: Dte01Request) {
  const lineas = request.items.map(lineaVenta);
  const t = totalesFactura(lineas, request.descuento);
  checkIdentificacionReceptor(request.receptor, t.montoTotalOperacion, umbralIdentificacionReceptor(1, ctx.fecEmi));
  const { totalNoGravado, totalPagar } = conNoGravado(request.items, t.montoTotalOperacion);
  return {
    identificacion: identificacion(ctx, '01', 1),
    documentoRelacionado: null,
    emisor: emisorConEstablecimiento(ctx.emisor),
    receptor: receptorFacturaV1(request.receptor),
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
      ivaRete1: 0,
      reteRenta: 0,
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalNoGravado: toNumber2(totalNoGravado),
      totalPagar: toNumber2(totalPagar),
      totalLetras: totalLetras(totalPagar),
      totalIva: toNumber2(t.totalIva),
      saldoFavor: 0,
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, totalPagar),
      numPagoElectronico: null,
    },
    extension: extensionConPlaca(request.observaciones),
    apendice: request.apendice ?? null,
  };
}
export type FacturaV1 = ReturnType<typeof buildFacturaV1>;

/** An anonymous consumer keeps the receptor object with null identification (see requests/dte01.ts). */
function receptorFacturaV1(r: ReceptorConsumidorRequest) {
  const identificado = r.tipoDocumento && r.numDocumento;
  return {
    tipoDocumento: r.tipoDocumento ?? null,
    numDocumento: identificado ? numDocumentoV1(r.tipoDocumento!, r.numDocumento!) : null,
    // FE v1 only accepts an nrc with a NIT; the API does not take one for consumers.
    nrc: null,
    nombre: r.nombre ?? null,
    codActividad: r.codActividad ?? null,
    descActividad: r.descActividad ?? null,
    direccion: r.direccion ? direccionV1(r.direccion) : null,
    telefono: r.telefono ?? null,
    correo: r.correo ?? null,
  };
}

/** FE v1 is the one schema that writes the DUI with its check-digit hyphen (########-#). */
function numDocumentoV1(tipo: TipoDocumento, numDocumento: string): string {
  return tipo === '13' ? `${numDocumento.slice(0, 8)}-${numDocumento.slice(8)}` : numDocumento;
}
