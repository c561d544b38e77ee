import { z } from 'zod';
import { money } from '../money';
import { codigoItem, descripcionItem, precioUnitario, tipoItem, uniMedida, UNIDAD } from '../requests/common';

/** MH's precioUni: 8 decimals at most (multipleOf 1e-8). */
const DECIMALES_PRECIO = 8;

/**
 * A price as a decimal string, never a float: a number as the issuance items take it (the same bounds), or
 * a string of digits with a point. It is kept as the string the client meant, and only prices an issuance
 * body can carry unchanged are taken (a JSON number keeps 15 significant digits; more would be rounded on
 * the way to the document).
 */
const precio = z
  .union([
    precioUnitario,
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, 'Debe ser un número decimal como 12.50'),
  ])
  .transform((v) => money(v))
  .superRefine((m, ctx) => {
    if (m.gte(1e11)) ctx.addIssue({ code: 'custom', message: 'Debe ser menor que 100000000000' });
    else if (m.decimalPlaces() > DECIMALES_PRECIO)
      ctx.addIssue({ code: 'custom', message: `Hasta ${DECIMALES_PRECIO} decimales, como MH toma precioUni` });
    else if (!money(m.toNumber()).equals(m))
      ctx.addIssue({ code: 'custom', message: 'Tiene más cifras de las que lleva un documento (15 significativas)' });
  })
  .transform((m) => m.toFixed());

/**
 * How the product is sold: the column of MH's line it goes in (ventaGravada, ventaExenta, ventaNoSuj),
 * the issuance items' `tipoImpuesto`.
 */
export const TIPOS_VENTA = ['GRAVADA', 'EXENTA', 'NO_SUJETA'] as const;
export type TipoVenta = (typeof TIPOS_VENTA)[number];

/**
 * A product or service of the emisor's catalog (`POST /productos`), from which a person adds lines. The
 * fields an issuance line has take what the line takes, with its defaults (unit 59, tipoItem 1 bienes).
 *
 * `precioIncluyeIva` says which price is kept: the issuance items take it with IVA in a Factura and without
 * it in the CCF and its notes, so a gravada product's price is turned into the one the kind takes
 * (`itemDesdeProducto`). It is without IVA unless said: the price a CCF shows, and the one that turns into
 * the other exactly (× 1.13), where a price with IVA divided by 1.13 is rounded to MH's 8 decimals.
 */
export const productoRequest = z.object({
  codigo: codigoItem,
  descripcion: descripcionItem,
  precioUnitario: precio,
  uniMedida: uniMedida.default(UNIDAD),
  tipoItem: tipoItem.default(1),
  tipoVenta: z.enum(TIPOS_VENTA, { error: 'Debe ser GRAVADA, EXENTA o NO_SUJETA' }).default('GRAVADA'),
  precioIncluyeIva: z.boolean().default(false),
});
export type ProductoRequest = z.input<typeof productoRequest>;
export type Producto = z.output<typeof productoRequest>;

/** A product's code is one in the emisor's catalog whatever its case: "ab-1" is "AB-1". */
export const claveProducto = (p: Pick<Producto, 'codigo'>): string => p.codigo.toUpperCase();
