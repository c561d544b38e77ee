import { Router } from 'express';
import { TABLA_PRODUCTOS, type Producto } from '@dte/domain';
import type { ApiContext } from '../context';
import { rutasDeLibreta, type DefinicionLibreta } from '../libreta/rutas';

/** `/productos` (permission CATALOGOS): the emisor's product catalog (`rutasDeLibreta`). */
export function productosRoutes(ctx: ApiContext): Router {
  const router = Router();
  rutasDeLibreta(ctx, router, libretaDeProductos(ctx));
  return router;
}

/** The product catalog as its routes and the web console keep it. */
export const libretaDeProductos = (ctx: ApiContext): DefinicionLibreta<Producto> => ({
  ruta: '/productos',
  archivo: 'productos',
  libreta: ctx.productos,
  tabla: TABLA_PRODUCTOS,
  acciones: {
    creado: 'PRODUCTO_CREADO',
    modificado: 'PRODUCTO_MODIFICADO',
    eliminado: 'PRODUCTO_ELIMINADO',
    importados: 'PRODUCTOS_IMPORTADOS',
  },
  detalles: (r) => ({ codigo: r.datos.codigo }),
});
