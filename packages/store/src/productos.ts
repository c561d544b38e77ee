import type { Connection } from 'mongoose';
import { claveProducto, DteError, ErrorCode, productoCoincide, type Producto } from '@dte/domain';
import { Libreta, type RegistroLibreta } from './libreta';

export type ProductoRecord = RegistroLibreta<Producto>;

/**
 * The emisor's product catalog (issue 51): each product once per código whatever its case
 * (`claveProducto`), ids `prd_<emisorId>_<n>`, found by code or description.
 */
export class Productos extends Libreta<Producto> {
  constructor(connection: Connection) {
    super(connection, {
      coleccion: 'productos',
      prefijo: 'prd',
      clave: claveProducto,
      campoClave: 'codigo',
      coincide: productoCoincide,
      noEncontrado: (id) => new DteError(ErrorCode.PRODUCTO_NOT_FOUND, 404, `No existe el producto ${id}`, { id }),
      existe: (id, p) =>
        new DteError(ErrorCode.PRODUCTO_EXISTS, 409, `El producto ${p.codigo} ya está en el catálogo (${id})`, {
          id,
          codigo: p.codigo,
        }),
    });
  }
}
