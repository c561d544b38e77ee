import { parseRequest, webhookRequest } from '@dte/domain';
import { endpointView, Webhooks } from '@dte/store';
import { auditarOperador } from '../auditoria';
import { contados, decir, porAccion, print, type Comando } from '../comando';
import { crearEndpoint, escuchar } from '../webhooks';

const lista = (eventos: string | null) => (eventos ? eventos.split(',').map((e) => e.trim()) : undefined);

export const webhooks: Comando = {
  nombre: 'webhooks',
  ayuda: `webhooks create --emisor <id> --url <url> [--eventos <a,b,…>] [--descripcion <text>]
                prints the endpoint's secret, this once
  webhooks list --emisor <id>
  webhooks rotate|delete|enable --emisor <id> --webhook <whk_…>
  webhooks escuchar --emisor <id> --reenviar-a <url> [--eventos <a,b,…>]
                registers a temporary endpoint listening on loopback (a TEST emisor, reached by a worker on
                this machine that allows private destinations, as npm start's), prints each event as it arrives
                (one JSON line), forwards it with its signature headers to --reenviar-a and answers what that
                answered; its secret is printed on stderr; Ctrl-C (or SIGTERM) stops and deletes the endpoint`,
  opciones: {
    emisor: 'valor',
    url: 'valor',
    eventos: 'valor',
    descripcion: 'valor',
    webhook: 'valor',
    'reenviar-a': 'valor',
  },
  ejecutar: porAccion('webhooks', {
    async create({ config, db, box }, o) {
      const emisorId = o.id('emisor');
      const eventos = lista(o.optional('eventos'));
      const pedido = parseRequest(webhookRequest, {
        url: o.opt('url'),
        ...(eventos ? { eventos } : {}),
        ...(o.optional('descripcion') ? { descripcion: o.optional('descripcion') } : {}),
      });
      const { endpoint, secreto } = await crearEndpoint(
        db,
        box,
        emisorId,
        pedido,
        config.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS,
      );
      await auditarOperador(db, emisorId, 'WEBHOOK_CREADO', 'webhooks create', {
        detalles: { id: endpoint._id, host: new URL(endpoint.url).host },
      });
      print(
        { ...endpointView(endpoint), secreto },
        `webhook endpoint ${endpointView(endpoint).id} created: keep its secret now, it is not shown again`,
      );
    },
    async escuchar({ db, box }, o) {
      await escuchar(db, box, o.id('emisor'), o.opt('reenviar-a'), lista(o.optional('eventos')), decir);
    },
    async list({ db, box }, o) {
      contados(
        (await new Webhooks(db.connection, box).delEmisor(o.id('emisor'))).map(endpointView),
        'webhook endpoint(s)',
      );
    },
    async rotate({ db, box }, o) {
      const { endpoint, secreto } = await new Webhooks(db.connection, box).rotar(o.id('emisor'), o.opt('webhook'));
      await auditarOperador(db, o.id('emisor'), 'WEBHOOK_SECRETO_ROTADO', 'webhooks rotate', {
        detalles: { id: endpoint._id },
      });
      print(
        { ...endpointView(endpoint), secreto },
        `secret of ${endpointView(endpoint).id} rotated: keep the new one now, it is not shown again`,
      );
    },
    async enable({ db, box }, o) {
      const endpoint = await new Webhooks(db.connection, box).habilitar(o.id('emisor'), o.opt('webhook'));
      await auditarOperador(db, o.id('emisor'), 'WEBHOOK_HABILITADO', 'webhooks enable', {
        detalles: { id: endpoint._id },
      });
      print(endpointView(endpoint), `webhook endpoint ${o.opt('webhook')} enabled`);
    },
    async delete({ db, box }, o) {
      await new Webhooks(db.connection, box).eliminar(o.id('emisor'), o.opt('webhook'));
      await auditarOperador(db, o.id('emisor'), 'WEBHOOK_ELIMINADO', 'webhooks delete', {
        detalles: { id: o.opt('webhook') },
      });
      print({ id: o.opt('webhook'), eliminado: true }, `webhook endpoint ${o.opt('webhook')} deleted`);
    },
  }),
};
