import type { z } from 'zod';
import type { DteTipo } from '../dte/document-kinds';
import { precioConIva, precioSinIva } from '../dte/iva';
import { DteError, ErrorCode } from '../errors';
import { money } from '../money';
import type { itemCompra, itemVenta, itemVentaConCargos, TipoImpuesto } from '../requests/common';
import type { receptorConsumidor } from '../requests/dte01';
import type { receptorContribuyente } from '../requests/dte03';
import type { itemExportacion, receptorExportacion } from '../requests/dte11';
import type { sujetoExcluido } from '../requests/dte14';
import type { donante, itemDonacion } from '../requests/dte15';
import { EL_SALVADOR, type Cliente } from './cliente';
import type { Producto, TipoVenta } from './producto';

/**
 * The kinds a person issues to a customer of the book with lines of the catalog, and the section of each
 * one's issuance body that names the customer: the Sujeto Excluido's seller is `sujetoExcluido`, the
 * Comprobante de Donación's giver `donante`.
 */
const SECCION = {
  FACTURA_CONSUMIDOR_FINAL: 'receptor',
  CREDITO_FISCAL: 'receptor',
  NOTA_CREDITO: 'receptor',
  NOTA_DEBITO: 'receptor',
  FACTURA_EXPORTACION: 'receptor',
  SUJETO_EXCLUIDO: 'sujetoExcluido',
  COMPROBANTE_DONACION: 'donante',
} as const satisfies Partial<Record<DteTipo, string>>;
export type TipoConLibreta = keyof typeof SECCION;
export const TIPOS_CON_LIBRETA = Object.keys(SECCION) as TipoConLibreta[];
export const esTipoConLibreta = (tipo: string): tipo is TipoConLibreta => tipo in SECCION;

/** Where the customer goes in the kind's issuance body. */
export const seccionDelCliente = <T extends TipoConLibreta>(tipo: T): (typeof SECCION)[T] => SECCION[tipo];

/**
 * What a customer gives each kind's section: the fields the customer has (a kind may require one it lacks,
 * a CCF's nrc, an export's codPais: parsing the body says which).
 */
export interface ReceptoresDesdeCliente {
  FACTURA_CONSUMIDOR_FINAL: Partial<z.input<typeof receptorConsumidor>>;
  CREDITO_FISCAL: Partial<z.input<typeof receptorContribuyente>>;
  NOTA_CREDITO: Partial<z.input<typeof receptorContribuyente>>;
  NOTA_DEBITO: Partial<z.input<typeof receptorContribuyente>>;
  FACTURA_EXPORTACION: Partial<z.input<typeof receptorExportacion>>;
  SUJETO_EXCLUIDO: Partial<z.input<typeof sujetoExcluido>>;
  COMPROBANTE_DONACION: Partial<z.input<typeof donante>>;
}

export interface ItemsDesdeProducto {
  FACTURA_CONSUMIDOR_FINAL: z.input<typeof itemVentaConCargos>;
  CREDITO_FISCAL: z.input<typeof itemVentaConCargos>;
  NOTA_CREDITO: z.input<typeof itemVenta>;
  NOTA_DEBITO: z.input<typeof itemVenta>;
  FACTURA_EXPORTACION: z.input<typeof itemExportacion>;
  SUJETO_EXCLUIDO: z.input<typeof itemCompra>;
  COMPROBANTE_DONACION: z.input<typeof itemDonacion>;
}

type Desde<T extends DteTipo, Tabla> = T extends keyof Tabla ? Tabla[T] : never;

/** The object without its absent fields: the issuance bodies take an absent field, not always a null one. */
function presentes<T extends Record<string, unknown>>(o: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as Partial<{
    [K in keyof T]: NonNullable<T[K]>;
  }>;
}

function sinLibreta(tipo: DteTipo): never {
  throw new DteError(
    ErrorCode.VALIDATION_ERROR,
    400,
    `Un ${tipo} no se emite a un cliente de la libreta con productos del catálogo`,
    { errors: [{ field: 'tipo', message: `Uno de ${TIPOS_CON_LIBRETA.join(', ')}` }] },
  );
}

const extranjero = (c: Pick<Cliente, 'codPais'>) => !!c.codPais && c.codPais !== EL_SALVADOR;

/**
 * The customer as the section of the kind's issuance body that names it (`seccionDelCliente`): the
 * fields of that section the customer has, under their names there, so `parseRequest` of the kind's body
 * takes them as the fields a person typed. A CCF (and its notes) is addressed to the NIT: a DUI is one
 * since 2021 (the homologation), so a customer by NIT or DUI gives it as `nit`.
 */
export function receptorDesdeCliente<T extends DteTipo>(tipo: T, cliente: Cliente): Desde<T, ReceptoresDesdeCliente> {
  if (!esTipoConLibreta(tipo)) return sinLibreta(tipo);
  const c = cliente;
  const base = {
    tipoDocumento: c.tipoDocumento,
    numDocumento: c.numDocumento,
    nombre: c.nombre,
    telefono: c.telefono,
    correo: c.correo,
  };
  const actividad = { codActividad: c.codActividad, descActividad: c.descActividad };
  const receptores: { [K in TipoConLibreta]: () => ReceptoresDesdeCliente[K] } = {
    FACTURA_CONSUMIDOR_FINAL: () => presentes({ ...base, ...actividad, direccion: c.direccion }),
    CREDITO_FISCAL: () => contribuyente(c),
    NOTA_CREDITO: () => contribuyente(c),
    NOTA_DEBITO: () => contribuyente(c),
    FACTURA_EXPORTACION: () =>
      presentes({
        ...base,
        nombreComercial: c.nombreComercial,
        codPais: c.codPais,
        complemento: c.complemento,
        tipoPersona: c.tipoPersona,
        descActividad: c.descActividad,
      }),
    SUJETO_EXCLUIDO: () => presentes({ ...base, ...actividad, direccion: c.direccion }),
    // CAT-032: 1 domiciliado, 2 no domiciliado, who has no Salvadoran activity (CAT-019) to name.
    COMPROBANTE_DONACION: () =>
      extranjero(c)
        ? presentes({ ...base, nrc: c.nrc, codDomiciliado: 2, codPais: c.codPais })
        : presentes({
            ...base,
            ...actividad,
            nrc: c.nrc,
            direccion: c.direccion,
            codDomiciliado: 1,
            codPais: c.codPais,
          }),
  };
  return receptores[tipo]() as Desde<T, ReceptoresDesdeCliente>;

  function contribuyente(c: Cliente) {
    const porNit = c.tipoDocumento === '36' || c.tipoDocumento === '13';
    return presentes({
      ...base,
      ...actividad,
      nit: porNit ? c.numDocumento : null,
      nrc: c.nrc,
      nombreComercial: c.nombreComercial,
      direccion: c.direccion,
    });
  }
}

const TIPO_IMPUESTO: Record<TipoVenta, TipoImpuesto> = { GRAVADA: 'GRAVADO', EXENTA: 'EXENTO', NO_SUJETA: 'NO_SUJETO' };

/** CAT-026: a good donated (2) or a service (3), which goes in unit 99. */
const BIEN_DONADO = 2;
const SERVICIO_DONADO = 3;
const UNIDAD_OTRA = 99;

/**
 * The unit price the kind takes: with IVA in a Factura, without it in every other kind (a CCF and its
 * notes add it on top; exports are taxed at 0 %; a sujeto excluido and a donation carry none). Only a
 * gravada price holds IVA to add or take off.
 */
export function precioParaTipo(
  tipo: TipoConLibreta,
  p: Pick<Producto, 'precioUnitario' | 'tipoVenta' | 'precioIncluyeIva'>,
) {
  const precio = money(p.precioUnitario);
  const conIva = tipo === 'FACTURA_CONSUMIDOR_FINAL';
  if (p.tipoVenta !== 'GRAVADA' || p.precioIncluyeIva === conIva) return precio.toNumber();
  return (conIva ? precioConIva(precio) : precioSinIva(precio)).toNumber();
}

/**
 * `cantidad` of the product as a line of the kind's issuance body, its price the one the kind takes
 * (`precioParaTipo`). A donated product is a good, or a service if it is one (tipoItem 2), valued at its
 * price.
 */
export function itemDesdeProducto<T extends DteTipo>(
  tipo: T,
  producto: Producto,
  cantidad: number,
): Desde<T, ItemsDesdeProducto> {
  if (!esTipoConLibreta(tipo)) return sinLibreta(tipo);
  const p = producto;
  const linea = {
    codigo: p.codigo,
    descripcion: p.descripcion,
    cantidad,
    precioUnitario: precioParaTipo(tipo, p),
    uniMedida: p.uniMedida,
    tipoItem: p.tipoItem,
  };
  const venta = { ...linea, tipoImpuesto: TIPO_IMPUESTO[p.tipoVenta] };
  const items: { [K in TipoConLibreta]: () => ItemsDesdeProducto[K] } = {
    FACTURA_CONSUMIDOR_FINAL: () => venta,
    CREDITO_FISCAL: () => venta,
    NOTA_CREDITO: () => venta,
    NOTA_DEBITO: () => venta,
    FACTURA_EXPORTACION: () => linea,
    SUJETO_EXCLUIDO: () => linea,
    COMPROBANTE_DONACION: () => {
      const servicio = p.tipoItem === 2;
      return {
        tipoDonacion: servicio ? SERVICIO_DONADO : BIEN_DONADO,
        codigo: p.codigo,
        descripcion: p.descripcion,
        cantidad,
        uniMedida: servicio ? UNIDAD_OTRA : p.uniMedida,
        valorUnitario: linea.precioUnitario,
      };
    },
  };
  return items[tipo]() as Desde<T, ItemsDesdeProducto>;
}
