import { totalLetras } from '../../letras';
import { toNumber2, toNumber8 } from '../../money';
import type { Dte14Request } from '../../requests/dte14';
import { linea } from '../bloques/cuerpo';
import { direccionV1 } from '../bloques/direccion';
import { emisorSujetoExcluido } from '../bloques/emisor';
import { identificacion } from '../bloques/identificacion';
import { pagos } from '../bloques/pagos';
import type { BuildContext } from '../documento';
import { totalesSujetoExcluido } from './totales';

/** Factura de Sujeto Excluido v1 (fe-fse-v1.json): a purchase; observaciones go in the resumen. */
export function buildSujetoExcluidoV1(ctx: BuildContext, request: Dte14Request) {
  const { sujetoExcluido: s } = request;
  const lineas = request.items.map(linea);
  const t = totalesSujetoExcluido(lineas, request.applyrent, request.descuento);
  return {
    identificacion: identificacion(ctx, '14', 1),
    emisor: emisorSujetoExcluido(ctx.emisor),
    sujetoExcluido: {
      tipoDocumento: s.tipoDocumento,
      numDocumento: s.numDocumento,
      nombre: s.nombre,
      codActividad: s.codActividad ?? null,
      descActividad: s.descActividad ?? null,
      direccion: direccionV1(s.direccion),
      telefono: s.telefono ?? null,
      correo: s.correo ?? null,
    },
    cuerpoDocumento: lineas.map((l, i) => {
      const item = request.items[i]!;
      return {
        numItem: i + 1,
        tipoItem: item.tipoItem,
        cantidad: toNumber8(l.cantidad),
        codigo: item.codigo ?? null,
        uniMedida: item.uniMedida,
        descripcion: item.descripcion,
        precioUni: toNumber8(l.precioUni),
        montoDescu: toNumber8(l.montoDescu),
        compra: toNumber8(l.monto),
      };
    }),
    resumen: {
      totalCompra: toNumber2(t.totalCompra),
      descu: toNumber2(t.descu),
      totalDescu: toNumber2(t.totalDescu),
      subTotal: toNumber2(t.subTotal),
      ivaRete1: 0,
      reteRenta: toNumber2(t.reteRenta),
      totalPagar: toNumber2(t.totalPagar),
      totalLetras: totalLetras(t.totalPagar),
      condicionOperacion: request.condicionOperacion,
      pagos: pagos(request, t.totalPagar),
      observaciones: request.observaciones || null,
    },
    apendice: request.apendice ?? null,
  };
}
export type SujetoExcluidoV1 = ReturnType<typeof buildSujetoExcluidoV1>;
