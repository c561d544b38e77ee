import { detallesDeCorrelativo, fijarCorrelativo } from '@dte/store';
import { auditarOperador } from '../auditoria';
import { porAccion, print, type Comando } from '../comando';

export const correlativo: Comando = {
  nombre: 'correlativo',
  ayuda: `correlativo fijar --emisor <id> --tipo <tipoDte, e.g. 01> --establecimiento <codEstable, e.g. M001>
                --punto-venta <codPuntoVenta, e.g. P001> --siguiente <n>
                an emisor that comes from another provider continues its correlativos: the next document of
                that kind at that point of sale, this year and in the emisor's ambiente, is numbered n, on
                every worker. Only forward: refused (CORRELATIVO_RETROCEDE) at or below a number this
                service already issued or reserved. Recorded in the emisor's audit log`,
  opciones: { emisor: 'valor', tipo: 'valor', establecimiento: 'valor', 'punto-venta': 'valor', siguiente: 'valor' },
  ejecutar: porAccion('correlativo', {
    async fijar({ db }, o) {
      const emisorId = o.id('emisor');
      const siguiente = o.opt('siguiente');
      const hecho = await fijarCorrelativo(db, {
        emisorId,
        tipoDte: o.opt('tipo'),
        codEstable: o.opt('establecimiento'),
        codPuntoVenta: o.opt('punto-venta'),
        siguiente: /^\d+$/.test(siguiente) ? Number(siguiente) : NaN,
      });
      await auditarOperador(db, emisorId, 'CORRELATIVO_FIJADO', 'correlativo fijar', {
        detalles: detallesDeCorrelativo(hecho),
      });
      print(
        hecho,
        `the next document ${hecho.tipoDte} of ${hecho.codEstable}/${hecho.codPuntoVenta} in ${hecho.year} is numbered ${hecho.siguiente}`,
      );
    },
  }),
};
