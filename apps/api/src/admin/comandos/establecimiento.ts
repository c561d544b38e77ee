import { contados, porAccion, print, type Comando, type Contexto, type Leidas } from '../comando';

/** Deactivates or activates the establishment (`accion`). */
async function activo({ tenants }: Contexto, o: Leidas, accion: string) {
  const activar = accion === 'activate';
  print(
    await tenants.setActivo('establecimiento', o.id('establecimiento'), activar),
    `establecimiento ${o.id('establecimiento')} ${activar ? 'activated' : 'deactivated'}`,
  );
}

export const establecimiento: Comando = {
  nombre: 'establecimiento',
  ayuda: `establecimiento create --emisor <id> --cod-estable --cod-estable-mh --tipo-establecimiento --nombre
                --departamento --municipio [--distrito] --complemento --telefono
  establecimiento list --emisor <id>
  establecimiento distrito --establecimiento <id> --distrito <CAT-008 code, 2 digits>
  establecimiento deactivate|activate|delete --establecimiento <id>
                deactivated: its tokens stop issuing; delete: only without documents (revokes its tokens)`,
  opciones: {
    emisor: 'valor',
    establecimiento: 'valor',
    'cod-estable': 'valor',
    'cod-estable-mh': 'valor',
    'tipo-establecimiento': 'valor',
    nombre: 'valor',
    departamento: 'valor',
    municipio: 'valor',
    distrito: 'valor',
    complemento: 'valor',
    telefono: 'valor',
  },
  ejecutar: porAccion('establecimiento', {
    async create({ tenants }, o) {
      const e = await tenants.createEstablecimiento(o.id('emisor'), {
        codEstable: o.opt('cod-estable'),
        codEstableMH: o.opt('cod-estable-mh'),
        tipoEstablecimiento: o.opt('tipo-establecimiento'),
        nombre: o.opt('nombre'),
        direccion: o.direccion(),
        telefono: o.opt('telefono'),
      });
      print(
        { id: e.id, emisorId: e.emisorId, codEstable: e.codEstable },
        `establecimiento ${e.id} created; next: punto-venta create --establecimiento ${e.id}`,
      );
    },
    async distrito({ tenants }, o) {
      print(
        await tenants.setDistritoEstablecimiento(o.id('establecimiento'), o.opt('distrito')),
        `distrito of establecimiento ${o.id('establecimiento')} set`,
      );
    },
    deactivate: activo,
    activate: activo,
    async delete({ tenants }, o) {
      print(
        await tenants.delete('establecimiento', o.id('establecimiento')),
        `establecimiento ${o.id('establecimiento')} deleted`,
      );
    },
    async list({ tenants }, o) {
      contados(await tenants.establecimientos(o.id('emisor')), 'establecimiento(s)');
    },
  }),
};
