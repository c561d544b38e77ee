import { totalLetras } from '../../letras';
import { toNumber2 } from '../../money';
import type { Dte11Request, ReceptorExportacionRequest } from '../../requests/dte11';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import type { BuildContext } from '../documento';
import { calculoExportacion, cuerpoExportacion, incoterms } from './comun';
import { emisorExportacion2026 } from './emisor';
import { nombrePais } from '../bloques/pais';
import { TRIBUTO_EXPORTACION } from './totales';

/**
 * Factura de Exportación v3 (fe-fex-v3.json, Normativa DTE 2.0): v1's arithmetic. The discount is
 * `descuGravada`, the resumen lists tributo C3 (at $0.00, Manual Funcional §XIII), codPais is CAT-020's
 * ISO code as given, lines carry tipoItem (and numeroDocumento/codTributo, null: no related documents, no
 * CAT-015 §2 tributo applies to an export), and the emisor its tipoRegimen (CAT-033). No documentoRelacionado
 * nor compraTercero.
 */
export function buildFacturaExportacionV3(ctx: BuildContext, request: Dte11Request) {
  const { lineas, t } = calculoExportacion(request);
  return {
    identificacion: identificacion(ctx, '11', 3),
    documentoRelacionado: null,
    emisor: emisorExportacion2026(ctx.emisor, request.exportacion),
    receptor: receptorV3(request.receptor),
    otrosDocumentos: null,
    ventaTercero: null,
    compraTercero: null,
    cuerpoDocumento: lineas.map((l, i) => {
      const { numItem, ...resto } = cuerpoExportacion(request.items[i]!, l, i + 1);
      return { numItem, tipoItem: request.items[i]!.tipoItem, numeroDocumento: null, codTributo: null, ...resto };
    }),
    resumen: {
      totalGravada: toNumber2(t.totalGravada),
      descuGravada: toNumber2(t.descuento),
      porcentajeDescuento: toNumber2(t.porcentajeDescuento),
      totalDescu: toNumber2(t.totalDescu),
      seguro: toNumber2(t.seguro),
      flete: toNumber2(t.flete),
      tributos: [{ ...TRIBUTO_EXPORTACION, valor: toNumber2(t.iva) }],
      montoTotalOperacion: toNumber2(t.montoTotalOperacion),
      totalNoGravado: toNumber2(t.totalNoGravado),
      totalNoOnerosas: 0,
      totalPagar: toNumber2(t.totalPagar),
      totalLetras: totalLetras(t.totalPagar),
      saldoFavor: 0,
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, t.totalPagar),
      ...incoterms(request),
      numPagoElectronico: null,
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type FacturaExportacionV3 = ReturnType<typeof buildFacturaExportacionV3>;

/** The DUI goes as its 9 digits (v3 dropped v1's pattern, as FE v2 did). */
function receptorV3(r: ReceptorExportacionRequest) {
  return {
    nombre: r.nombre,
    tipoDocumento: r.tipoDocumento,
    numDocumento: r.numDocumento,
    nombreComercial: r.nombreComercial ?? null,
    codPais: r.codPais,
    nombrePais: nombrePais(r.codPais),
    complemento: r.complemento,
    tipoPersona: r.tipoPersona,
    descActividad: r.descActividad,
    telefono: r.telefono ?? null,
    correo: r.correo ?? null,
  };
}
