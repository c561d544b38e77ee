import { z } from 'zod';
import {
  campoCsv,
  encabezadoDe,
  filaDe,
  parseRequest,
  productoRequest,
  TABLA_PRODUCTOS,
  TIPOS_VENTA,
} from '@dte/domain';
import { camposDeRegistro, FECHAS_EJEMPLO, operacionesDeLibreta } from '../libreta/openapi';
import type { Operation } from '../openapi/operation';

const producto = z
  .object({
    ...camposDeRegistro,
    codigo: z.string(),
    descripcion: z.string(),
    precioUnitario: z.string().describe('A decimal string (up to 8 decimals), never a float'),
    uniMedida: z.number().int().describe('CAT-014'),
    tipoItem: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe('CAT-011: 1 bienes, 2 servicios, 3 ambos'),
    tipoVenta: z.enum(TIPOS_VENTA).describe('The column of the line: ventaGravada, ventaExenta, ventaNoSuj'),
    precioIncluyeIva: z
      .boolean()
      .describe(
        'Whether precioUnitario includes IVA: a gravada price is issued with IVA in a Factura, without it elsewhere',
      ),
  })
  .meta({ id: 'Producto' });

const EJEMPLO = { codigo: 'CAF-500', descripcion: 'Café molido 500 g', precioUnitario: '6.50', uniMedida: 59 };
const VISTA = { id: 'prd_12_4', ...parseRequest(productoRequest, EJEMPLO), ...FECHAS_EJEMPLO };
const CSV = [
  encabezadoDe(TABLA_PRODUCTOS),
  filaDe(
    TABLA_PRODUCTOS,
    parseRequest(productoRequest, { codigo: 'TE-100', descripcion: 'Té verde 100 g', precioUnitario: '3.25' }),
  ),
  filaDe(
    TABLA_PRODUCTOS,
    parseRequest(productoRequest, {
      codigo: 'SRV-1',
      descripcion: 'Entrega a domicilio',
      precioUnitario: '2.26',
      tipoItem: 2,
      uniMedida: 99,
      precioIncluyeIva: true,
    }),
  ),
]
  .map((fila) => `${fila.map(campoCsv).join(',')}\n`)
  .join('');

export const productosOperations: Operation[] = operacionesDeLibreta({
  ruta: '/productos',
  singular: 'Producto',
  plural: 'Productos',
  nombre: 'product',
  request: productoRequest,
  vista: producto,
  ejemplo: { request: EJEMPLO, vista: VISTA },
  csv: CSV,
  unico: 'A product is one per código, whatever its case: another with the same is 409 PRODUCTO_EXISTS.',
  busqueda: 'codigo and descripcion',
  errores: { noEncontrado: 'PRODUCTO_NOT_FOUND', existe: 'PRODUCTO_EXISTS' },
});
