import type { Request } from 'express';
import { itemDesdeProducto, type DteTipo, type Producto } from '@dte/domain';
import type { ApiContext } from '../context';
import { requirePermission } from '../http/auth';
import { PERMISO_LIBRETA } from '../libreta/rutas';
import { libretaDeProductos } from '../routes/productos';
import { TIPOS_ITEM, UNIDADES, type Campo } from './campos';
import { enCifras } from './emitir-vista';
import { paginasDeLibreta } from './libreta';

const VENTAS: Record<Producto['tipoVenta'], string> = { GRAVADA: 'Gravada', EXENTA: 'Exenta', NO_SUJETA: 'No sujeta' };

/** A product's form: the fields of `productoRequest`, by their names there. */
const CAMPOS: Campo[] = [
  { ruta: 'codigo', etiqueta: 'Código', ancho: 'corto' },
  { ruta: 'descripcion', etiqueta: 'Descripción', ancho: 'largo' },
  // Kept as typed: the catalog keeps a price as a decimal string, never a float.
  { ruta: 'precioUnitario', etiqueta: 'Precio unitario ($)', ancho: 'corto' },
  { ruta: 'precioIncluyeIva', etiqueta: 'El precio incluye IVA', clase: 'casilla' },
  { ruta: 'uniMedida', etiqueta: 'Unidad', clase: 'lista', opciones: UNIDADES, numerica: true, inicial: '59' },
  { ruta: 'tipoItem', etiqueta: 'Tipo', clase: 'lista', opciones: TIPOS_ITEM, numerica: true, inicial: '1' },
  {
    ruta: 'tipoVenta',
    etiqueta: 'Venta',
    clase: 'lista',
    opciones: () => Object.entries(VENTAS),
    inicial: 'GRAVADA',
  },
];

const nombre = (p: Producto) => `${p.codigo} · ${p.descripcion}`;
const precio = (p: Producto) => `$${enCifras(p.precioUnitario)} ${p.precioIncluyeIva ? 'con IVA' : 'sin IVA'}`;

/** The product catalog's pages (`/consola/productos`). */
export const productosConsola = (ctx: ApiContext) =>
  paginasDeLibreta<Producto>(ctx, {
    seccion: 'productos',
    titulo: 'Productos',
    singular: 'producto',
    nuevo: 'Nuevo producto',
    busqueda: 'Buscar por código o descripción',
    cabecera: 'Código y descripción',
    campos: CAMPOS,
    columnas: [
      ['Precio', precio],
      ['Venta', (p) => VENTAS[p.tipoVenta]],
    ],
    nombre,
    definicion: libretaDeProductos,
  });

/** The catalog's products that match `q`, as the issuing forms offer them to add. */
export async function buscarProductos(ctx: ApiContext, req: Request, q: string) {
  requirePermission(req.auth, PERMISO_LIBRETA);
  const { entradas } = await ctx.productos.pagina(req.auth.emisorId, { q }, null, 10);
  return entradas.map((r) => ({ id: r._id, texto: `${nombre(r.datos)} · ${precio(r.datos)}` }));
}

/** A product of the catalog as one line (of 1) of an issuance body of `tipo`, at the price the kind takes. */
export async function productoParaEmitir(ctx: ApiContext, req: Request, tipo: DteTipo, id: string) {
  requirePermission(req.auth, PERMISO_LIBRETA);
  const registro = await ctx.productos.leer(req.auth.emisorId, id);
  return itemDesdeProducto(tipo, registro.datos, 1) as Record<string, unknown>;
}
