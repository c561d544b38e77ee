import { Router } from 'express';
import { clienteDelDocumento, TABLA_CLIENTES } from '@dte/domain';
import { documentoPropio, registroView, type ClienteRecord } from '@dte/store';
import type { ApiContext } from '../context';
import { auditar } from '../http/auditoria';
import { authenticate, requirePermission } from '../http/auth';
import { PERMISO_LIBRETA, rutasDeLibreta } from '../libreta/rutas';

const detalles = (r: ClienteRecord) => ({ tipoDocumento: r.datos.tipoDocumento, numDocumento: r.datos.numDocumento });

/**
 * `/clientes` (permission CATALOGOS): the emisor's customer book (`rutasDeLibreta`), and
 * `POST /clientes/desde-dte/{codigoGeneracion}`, which saves whom one of the emisor's documents was issued
 * to (409 CLIENTE_EXISTS when the book has them already).
 */
export function clientesRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/clientes/desde-dte/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, PERMISO_LIBRETA);
    const codigoGeneracion = String(req.params.codigoGeneracion).toUpperCase();
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
    res.status(201).json({ status: 'success', data: registroView(registro) });
  });
  rutasDeLibreta(ctx, router, {
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
  return router;
}
