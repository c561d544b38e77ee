import { Router, type Request } from 'express';
import { clienteDelDocumento, TABLA_CLIENTES, type Cliente } from '@dte/domain';
import { documentoPropio, registroView, type ClienteRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { PERMISO_LIBRETA, rutasDeLibreta, type DefinicionLibreta } from '../libreta/rutas';

const detalles = (r: ClienteRecord) => ({ tipoDocumento: r.datos.tipoDocumento, numDocumento: r.datos.numDocumento });

/**
 * `/clientes` (permission CATALOGOS): the emisor's customer book (`rutasDeLibreta`), and
 * `POST /clientes/desde-dte/{codigoGeneracion}`, which saves whom one of the emisor's documents was issued
 * to (409 CLIENTE_EXISTS when the book has them already).
 */
export function clientesRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/clientes/desde-dte/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    const registro = await guardarClienteDelDocumento(ctx, req, String(req.params.codigoGeneracion));
    res.status(201).json({ status: 'success', data: registroView(registro) });
  });
  rutasDeLibreta(ctx, router, libretaDeClientes(ctx));
  return router;
}

/** The customer book as its routes and the web console keep it. */
export const libretaDeClientes = (ctx: ApiContext): DefinicionLibreta<Cliente> => ({
  ruta: '/clientes',
  archivo: 'clientes',
  libreta: ctx.clientes,
  tabla: TABLA_CLIENTES,
  acciones: {
    creado: 'CLIENTE_CREADO',
    modificado: 'CLIENTE_MODIFICADO',
    eliminado: 'CLIENTE_ELIMINADO',
    importados: 'CLIENTES_IMPORTADOS',
  },
  detalles,
});

/**
 * Whom one of the emisor's documents was issued to, saved in its book (409 CLIENTE_EXISTS when there
 * already): the route's and the web console's, which offers it as a document is issued.
 */
export async function guardarClienteDelDocumento(
  ctx: ApiContext,
  req: Request,
  codigoGeneracionPedido: string,
): Promise<ClienteRecord> {
  requirePermission(req.auth, PERMISO_LIBRETA);
  const codigoGeneracion = codigoGeneracionPedido.toUpperCase();
  const { emisorId } = req.auth;
  const doc = await documentoPropio(ctx.documents, emisorId, codigoGeneracion, ['tipoDte', 'dteJson']);
  const cliente = clienteDelDocumento(
    doc.tipoDte,
    await ctx.documents.request(emisorId, codigoGeneracion),
    doc.dteJson,
  );
  const registro = await ctx.clientes.crear(emisorId, cliente);
  await auditar(ctx, req, 'CLIENTE_CREADO', {
    codigoGeneracion,
    detalles: { id: registro._id, ...detalles(registro) },
  });
  return registro;
}
