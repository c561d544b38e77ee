import { contados, porAccion, print, type Comando, type Contexto, type Leidas } from '../comando';
import { fijarFormatoPdf } from '../formato-pdf';

/** Deactivates or activates the point of sale (`accion`). */
async function activo({ tenants }: Contexto, o: Leidas, accion: string) {
  const activar = accion === 'activate';
  print(
    await tenants.setActivo('punto-venta', o.id('punto-venta'), activar),
    `punto de venta ${o.id('punto-venta')} ${activar ? 'activated' : 'deactivated'}`,
  );
}

export const puntoVenta: Comando = {
  nombre: 'punto-venta',
  ayuda: `punto-venta create --emisor <id> --establecimiento <id> --cod-punto-venta --cod-punto-venta-mh
  punto-venta list --emisor <id>
  punto-venta deactivate|activate|delete --punto-venta <id>
  punto-venta formato-pdf --emisor <id> --punto-venta <id> --formato carta|ticket80|ticket58|ninguno
                the paper of its documents' PDFs when GET /dte/pdf names no formato, e.g. the 80 mm ticket
                of its receipt printer (ninguno: the emisor's); recorded in the emisor's audit log`,
  opciones: {
    emisor: 'valor',
    establecimiento: 'valor',
    'punto-venta': 'valor',
    'cod-punto-venta': 'valor',
    'cod-punto-venta-mh': 'valor',
    formato: 'valor',
  },
  ejecutar: porAccion('punto-venta', {
    async create({ tenants }, o) {
      const p = await tenants.createPuntoVenta(o.id('emisor'), o.id('establecimiento'), {
        codPuntoVenta: o.opt('cod-punto-venta'),
        codPuntoVentaMH: o.opt('cod-punto-venta-mh'),
      });
      print(
        { id: p.id, establecimientoId: p.establecimientoId, codPuntoVenta: p.codPuntoVenta },
        `punto de venta ${p.id} created; next: token create --punto-venta ${p.id}`,
      );
    },
    deactivate: activo,
    activate: activo,
    async delete({ tenants }, o) {
      print(await tenants.delete('punto-venta', o.id('punto-venta')), `punto de venta ${o.id('punto-venta')} deleted`);
    },
    async list({ tenants }, o) {
      contados(await tenants.puntosVenta(o.id('emisor')), 'punto(s) de venta');
    },
    async 'formato-pdf'(contexto, o) {
      await fijarFormatoPdf(contexto, o.id('emisor'), o.opt('formato'), o.id('punto-venta'));
    },
  }),
};
