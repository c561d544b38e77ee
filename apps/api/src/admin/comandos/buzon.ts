import { buzonRequest, parseRequest } from '@dte/domain';
import { Buzones, buzonView } from '@dte/store';
import { comprobarHostBuzon } from '../../http/destino';
import { auditarOperador } from '../auditoria';
import { porAccion, print, type Comando } from '../comando';

export const buzon: Comando = {
  nombre: 'buzon',
  ayuda: `buzon set --emisor <id> --host <imap host> --usuario <login> --password <password or app password>
                [--port <default 993, or 143 with --sin-tls>] [--sin-tls] [--carpeta <default INBOX>]
                [--desde <YYYY-MM-DD>]
                the IMAP mailbox the emisor's suppliers e-mail their DTEs to, as POST /buzon (password sealed)
  buzon show --emisor <id>
                the mailbox, its last reading and the messages it could not take
  buzon delete --emisor <id>`,
  opciones: {
    emisor: 'valor',
    host: 'valor',
    port: 'valor',
    usuario: 'valor',
    password: 'valor',
    carpeta: 'valor',
    'sin-tls': 'bandera',
    desde: 'valor',
  },
  ejecutar: porAccion('buzon', {
    async set({ config, db, box, tenants }, o) {
      const emisorId = o.id('emisor');
      await tenants.comprobarEmisor(emisorId);
      const port = o.optional('port');
      const pedido = parseRequest(buzonRequest, {
        host: o.opt('host'),
        usuario: o.opt('usuario'),
        password: o.opt('password'),
        tls: !o.flag('sin-tls'),
        ...(port ? { port: Number(port) } : {}),
        ...(o.optional('carpeta') ? { carpeta: o.optional('carpeta') } : {}),
        ...(o.optional('desde') ? { desde: o.optional('desde') } : {}),
      });
      await comprobarHostBuzon(pedido.host, config.BUZON_PERMITIR_DESTINOS_PRIVADOS);
      const buzon = await new Buzones(db.connection, box).guardar(emisorId, pedido);
      await auditarOperador(db, emisorId, 'BUZON_CONFIGURADO', 'buzon set', {
        detalles: { host: pedido.host, usuario: pedido.usuario },
      });
      print(buzonView(buzon, []), `mailbox of emisor ${emisorId} set; the lectura-buzones schedule reads it`);
    },
    async show({ db, box }, o) {
      const buzones = new Buzones(db.connection, box);
      const buzon = await buzones.leer(o.id('emisor'));
      if (!buzon) throw new Error(`emisor ${o.id('emisor')} has no mailbox`);
      print(buzonView(buzon, await buzones.informes(buzon.emisorId, 50)));
    },
    async delete({ db, box }, o) {
      if (!(await new Buzones(db.connection, box).eliminar(o.id('emisor'))))
        throw new Error(`emisor ${o.id('emisor')} has no mailbox`);
      await auditarOperador(db, o.id('emisor'), 'BUZON_ELIMINADO', 'buzon delete');
      print({ emisorId: o.id('emisor'), eliminado: true }, `mailbox of emisor ${o.id('emisor')} removed`);
    },
  }),
};
