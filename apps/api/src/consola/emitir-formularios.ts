import { documentKind, type DteTipo } from '@dte/domain';
import {
  conCodigo,
  conVacio,
  convertir,
  lista,
  nombreDelCampo,
  PAISES,
  TIPOS_DOCUMENTO,
  TIPOS_ITEM,
  TIPOS_PERSONA,
  UNIDADES,
  type Campo,
  type Valores,
} from './campos';
import type { Errores, Opciones } from './formulario';

/**
 * The console's forms to issue each kind a person issues by hand: which fields each has, and the
 * issuance body (the kind's POST body, which its request schema validates) they make. A field is named by
 * its path in that body (`receptor.nit`, `items.1.cantidad`), so the API's errors, which name the same
 * paths, land beside their fields (`campos.ts`).
 */

/** A list of rows (the lines, the forms of payment, the associated documents), each one object of the body. */
export interface Filas {
  ruta: 'items' | 'pagos' | 'otrosDocumentos';
  titulo: string;
  /** One row's name, numbered on the page: "Línea 2". */
  fila: string;
  campos: Campo[];
}

/** Where a kind's counterpart goes in its body, and its fields. */
export interface Contraparte {
  seccion: 'receptor' | 'sujetoExcluido' | 'donante';
  titulo: string;
  campos: Campo[];
}

export interface FormularioDte {
  tipoDte: string;
  tipo: DteTipo;
  titulo: string;
  /** What the kind is for, in a line. */
  uso: string;
  /** A kind that adjusts an accepted CCF (05, 06): started from its page, its receptor the CCF's. */
  ajustaCcf: boolean;
  contraparte: Contraparte | null;
  /** Fieldsets of the kind's own (the export's goods and customs). */
  secciones: { titulo: string; campos: Campo[] }[];
  lineas: Filas;
  /** Rows of other kinds (the donation's associated documents). */
  otrasFilas: Filas[];
  /** The document's discount, retención, payment condition, observations. */
  condiciones: Campo[];
  pagos: Filas | null;
}

const FORMAS_DE_PAGO = conVacio('—', conCodigo(lista('CAT-017')));
const PLAZOS = conVacio('—', lista('CAT-018'));
const CONDICIONES = lista('CAT-016');
const RECINTOS = conVacio('Ninguno (servicios)', conCodigo(lista('CAT-027', '2026')));
const REGIMENES = conVacio('Ninguno (servicios)', conCodigo(lista('CAT-028', '2026')));
const INCOTERMS = conVacio('—', lista('CAT-031'));
const DOMICILIO = lista('CAT-032');
const TIPOS_DONACION = lista('CAT-026');
const TIPOS_IMPUESTO: Opciones = [
  ['GRAVADO', 'Gravado'],
  ['EXENTO', 'Exento'],
  ['NO_SUJETO', 'No sujeto'],
];
const TIPOS_EXPORTACION: Opciones = [
  ['1', 'Bienes'],
  ['2', 'Servicios'],
  ['3', 'Bienes y servicios'],
];
const DOCUMENTOS_ASOCIADOS: Opciones = [
  ['1', 'Del donatario'],
  ['2', 'Del donante'],
];

const direccion = (seccion: string, requerida: boolean): Campo[] => [
  {
    ruta: `${seccion}.direccion.ubicacion`,
    etiqueta: requerida ? 'Distrito (y su municipio)' : 'Distrito (y su municipio), si da la dirección',
    clase: 'ubicacion',
    ancho: 'largo',
  },
  { ruta: `${seccion}.direccion.complemento`, etiqueta: 'Dirección (calle, número, colonia)', ancho: 'largo' },
];
const contacto = (seccion: string): Campo[] => [
  { ruta: `${seccion}.correo`, etiqueta: 'Correo electrónico', clase: 'correo' },
  { ruta: `${seccion}.telefono`, etiqueta: 'Teléfono', clase: 'telefono' },
];
const documento = (seccion: string, inicial: string, vacio?: string, numero = 'Número de documento'): Campo[] => [
  {
    ruta: `${seccion}.tipoDocumento`,
    etiqueta: 'Tipo de documento',
    clase: 'lista',
    opciones: vacio ? conVacio(vacio, TIPOS_DOCUMENTO) : TIPOS_DOCUMENTO,
    inicial,
  },
  { ruta: `${seccion}.numDocumento`, etiqueta: numero },
];

const CONSUMIDOR: Contraparte = {
  seccion: 'receptor',
  titulo: 'Cliente',
  campos: [
    { ruta: 'receptor.nombre', etiqueta: 'Nombre', ancho: 'largo' },
    ...documento('receptor', '', 'Sin documento'),
    ...contacto('receptor'),
    ...direccion('receptor', false),
  ],
};

const CONTRIBUYENTE: Contraparte = {
  seccion: 'receptor',
  titulo: 'Cliente (contribuyente)',
  campos: [
    { ruta: 'receptor.nombre', etiqueta: 'Nombre o razón social', ancho: 'largo' },
    { ruta: 'receptor.nombreComercial', etiqueta: 'Nombre comercial', ancho: 'largo' },
    { ruta: 'receptor.nit', etiqueta: 'NIT (o DUI de una persona)' },
    { ruta: 'receptor.nrc', etiqueta: 'NRC', ancho: 'corto' },
    ...documento('receptor', '36', undefined, 'Número de documento (vacío: el NIT)'),
    { ruta: 'receptor.codActividad', etiqueta: 'Actividad económica (código)', clase: 'actividad' },
    { ruta: 'receptor.descActividad', etiqueta: 'Actividad económica (descripción)', ancho: 'largo' },
    ...direccion('receptor', true),
    ...contacto('receptor'),
  ],
};

const SUJETO_EXCLUIDO: Contraparte = {
  seccion: 'sujetoExcluido',
  titulo: 'Proveedor (sujeto excluido)',
  campos: [
    { ruta: 'sujetoExcluido.nombre', etiqueta: 'Nombre', ancho: 'largo' },
    ...documento('sujetoExcluido', '13'),
    { ruta: 'sujetoExcluido.descActividad', etiqueta: 'Actividad (descripción)', ancho: 'largo' },
    ...direccion('sujetoExcluido', true),
    ...contacto('sujetoExcluido'),
  ],
};

const EXTRANJERO: Contraparte = {
  seccion: 'receptor',
  titulo: 'Cliente en el exterior',
  campos: [
    { ruta: 'receptor.nombre', etiqueta: 'Nombre o razón social', ancho: 'largo' },
    { ruta: 'receptor.nombreComercial', etiqueta: 'Nombre comercial', ancho: 'largo' },
    {
      ruta: 'receptor.tipoPersona',
      etiqueta: 'Tipo de persona',
      clase: 'lista',
      opciones: TIPOS_PERSONA,
      numerica: true,
    },
    ...documento('receptor', '37'),
    { ruta: 'receptor.codPais', etiqueta: 'País', clase: 'lista', opciones: conVacio('—', PAISES) },
    { ruta: 'receptor.complemento', etiqueta: 'Dirección', ancho: 'largo' },
    { ruta: 'receptor.descActividad', etiqueta: 'Actividad económica', ancho: 'largo' },
    ...contacto('receptor'),
  ],
};

const DONANTE: Contraparte = {
  seccion: 'donante',
  titulo: 'Donante',
  campos: [
    { ruta: 'donante.nombre', etiqueta: 'Nombre o razón social', ancho: 'largo' },
    ...documento('donante', '36'),
    { ruta: 'donante.nrc', etiqueta: 'NRC (si tiene)', ancho: 'corto' },
    {
      ruta: 'donante.codDomiciliado',
      etiqueta: 'Domicilio',
      clase: 'lista',
      opciones: DOMICILIO,
      numerica: true,
      inicial: '1',
    },
    { ruta: 'donante.codPais', etiqueta: 'País (no domiciliado)', clase: 'lista', opciones: conVacio('—', PAISES) },
    ...direccion('donante', false),
    ...contacto('donante'),
  ],
};

const descripcion: Campo = { ruta: 'descripcion', etiqueta: 'Descripción', ancho: 'largo', principal: true };
const cantidad: Campo = { ruta: 'cantidad', etiqueta: 'Cantidad', clase: 'numero', ancho: 'corto', principal: true };
const unidad: Campo = {
  ruta: 'uniMedida',
  etiqueta: 'Unidad',
  clase: 'lista',
  opciones: UNIDADES,
  numerica: true,
  inicial: '59',
};
const descuentoLinea: Campo = { ruta: 'montoDescu', etiqueta: 'Descuento ($)', clase: 'numero', ancho: 'corto' };
const codigo: Campo = { ruta: 'codigo', etiqueta: 'Código', ancho: 'corto', principal: true };
const tipoItem: Campo = {
  ruta: 'tipoItem',
  etiqueta: 'Tipo',
  clase: 'lista',
  opciones: TIPOS_ITEM,
  numerica: true,
  inicial: '1',
};
const precio = (etiqueta: string): Campo => ({
  ruta: 'precioUnitario',
  etiqueta,
  clase: 'numero',
  ancho: 'corto',
  principal: true,
});

const lineasDeVenta = (precioCon: string): Filas => ({
  ruta: 'items',
  titulo: 'Líneas',
  fila: 'Línea',
  campos: [
    descripcion,
    cantidad,
    unidad,
    precio(`Precio unitario (${precioCon})`),
    descuentoLinea,
    { ruta: 'tipoImpuesto', etiqueta: 'Impuesto', clase: 'lista', opciones: () => TIPOS_IMPUESTO, inicial: 'GRAVADO' },
    tipoItem,
    codigo,
  ],
});

const LINEAS_DE_COMPRA: Filas = {
  ruta: 'items',
  titulo: 'Líneas',
  fila: 'Línea',
  campos: [descripcion, cantidad, unidad, precio('Precio unitario'), descuentoLinea, tipoItem, codigo],
};

const LINEAS_DE_EXPORTACION: Filas = {
  ruta: 'items',
  titulo: 'Líneas',
  fila: 'Línea',
  campos: [descripcion, cantidad, unidad, precio('Precio unitario'), descuentoLinea, codigo],
};

const LINEAS_DE_DONACION: Filas = {
  ruta: 'items',
  titulo: 'Lo donado',
  fila: 'Donación',
  campos: [
    {
      ruta: 'tipoDonacion',
      etiqueta: 'Tipo',
      clase: 'lista',
      opciones: TIPOS_DONACION,
      numerica: true,
      inicial: '1',
    },
    descripcion,
    cantidad,
    { ...unidad, opciones: conVacio('Según el tipo', UNIDADES), inicial: '' },
    { ruta: 'valorUnitario', etiqueta: 'Valor unitario', clase: 'numero', ancho: 'corto', principal: true },
    { ruta: 'depreciacion', etiqueta: 'Depreciación ($)', clase: 'numero', ancho: 'corto' },
    codigo,
  ],
};

const pagos = (conPlazo: boolean): Filas => ({
  ruta: 'pagos',
  titulo: 'Formas de pago',
  fila: 'Pago',
  campos: [
    { ruta: 'codigo', etiqueta: 'Forma de pago', clase: 'lista', opciones: FORMAS_DE_PAGO, principal: true },
    { ruta: 'montoPago', etiqueta: 'Monto (vacío: todo)', clase: 'numero', ancho: 'corto', principal: true },
    { ruta: 'referencia', etiqueta: 'Referencia', principal: true },
    ...(conPlazo
      ? [
          { ruta: 'plazo', etiqueta: 'Plazo', clase: 'lista', opciones: PLAZOS } satisfies Campo,
          { ruta: 'periodo', etiqueta: 'Períodos', clase: 'numero', ancho: 'corto' } satisfies Campo,
        ]
      : []),
  ],
});

const condicion: Campo = {
  ruta: 'condicionOperacion',
  etiqueta: 'Condición de la operación',
  clase: 'lista',
  opciones: CONDICIONES,
  numerica: true,
  inicial: '1',
};
const observaciones: Campo = { ruta: 'observaciones', etiqueta: 'Observaciones', clase: 'area' };
const descuentoDeVenta: Campo[] = [
  { ruta: 'descuento.porcentaje', etiqueta: 'Descuento sobre el total (%)', clase: 'numero', ancho: 'corto' },
  { ruta: 'descuento.gravada', etiqueta: 'Descuento a lo gravado ($)', clase: 'numero', ancho: 'corto' },
  { ruta: 'descuento.exenta', etiqueta: 'Descuento a lo exento ($)', clase: 'numero', ancho: 'corto' },
  { ruta: 'descuento.noSujeta', etiqueta: 'Descuento a lo no sujeto ($)', clase: 'numero', ancho: 'corto' },
];
const descuentoDeCompra: Campo[] = [
  { ruta: 'descuento.porcentaje', etiqueta: 'Descuento sobre el total (%)', clase: 'numero', ancho: 'corto' },
  { ruta: 'descuento.monto', etiqueta: 'Descuento sobre el total ($)', clase: 'numero', ancho: 'corto' },
];
const retencionIva: Campo = {
  ruta: 'isRetenIva',
  etiqueta: 'El cliente es agente de retención: retiene el 1 % de IVA',
  clase: 'casilla',
};

const nota = (tipo: 'NOTA_CREDITO' | 'NOTA_DEBITO', titulo: string, uso: string): FormularioDte => ({
  tipoDte: documentKind(tipo).tipoDte,
  tipo,
  titulo,
  uso,
  ajustaCcf: true,
  contraparte: null,
  secciones: [],
  lineas: lineasDeVenta('sin IVA'),
  otrasFilas: [],
  // The note's retención is the CCF's (the builder refuses another): kept, not asked.
  condiciones: [
    { ruta: 'codigoGeneracion', etiqueta: 'CCF que ajusta', oculto: true },
    { ...retencionIva, oculto: true },
    condicion,
    observaciones,
  ],
  pagos: null,
});

/** The forms, in the order the console offers them. */
export const FORMULARIOS: readonly FormularioDte[] = [
  {
    tipoDte: '01',
    tipo: 'FACTURA_CONSUMIDOR_FINAL',
    titulo: 'Factura',
    uso: 'Ventas a consumidores finales, con el IVA incluido en el precio',
    ajustaCcf: false,
    contraparte: CONSUMIDOR,
    secciones: [],
    lineas: lineasDeVenta('con IVA'),
    otrasFilas: [],
    condiciones: [...descuentoDeVenta, condicion, observaciones],
    pagos: pagos(true),
  },
  {
    tipoDte: '03',
    tipo: 'CREDITO_FISCAL',
    titulo: 'Comprobante de crédito fiscal',
    uso: 'Ventas a contribuyentes del IVA, que lo descuentan',
    ajustaCcf: false,
    contraparte: CONTRIBUYENTE,
    secciones: [],
    lineas: lineasDeVenta('sin IVA'),
    otrasFilas: [],
    condiciones: [...descuentoDeVenta, retencionIva, condicion, observaciones],
    pagos: pagos(true),
  },
  {
    tipoDte: '14',
    tipo: 'SUJETO_EXCLUIDO',
    titulo: 'Factura de sujeto excluido',
    uso: 'Compras a personas no inscritas en el IVA',
    ajustaCcf: false,
    contraparte: SUJETO_EXCLUIDO,
    secciones: [],
    lineas: LINEAS_DE_COMPRA,
    otrasFilas: [],
    condiciones: [
      ...descuentoDeCompra,
      { ruta: 'applyrent', etiqueta: 'Retener el 10 % de renta (servicios de personas)', clase: 'casilla' },
      condicion,
      observaciones,
    ],
    pagos: pagos(true),
  },
  {
    tipoDte: '11',
    tipo: 'FACTURA_EXPORTACION',
    titulo: 'Factura de exportación',
    uso: 'Ventas de bienes o servicios al exterior',
    ajustaCcf: false,
    contraparte: EXTRANJERO,
    secciones: [
      {
        titulo: 'Exportación',
        campos: [
          {
            ruta: 'exportacion.tipoItemExpor',
            etiqueta: 'Se exportan',
            clase: 'lista',
            opciones: () => TIPOS_EXPORTACION,
            numerica: true,
            inicial: '1',
          },
          { ruta: 'exportacion.recintoFiscal', etiqueta: 'Recinto fiscal', clase: 'lista', opciones: RECINTOS },
          {
            ruta: 'exportacion.regimen',
            etiqueta: 'Régimen aduanero',
            clase: 'lista',
            opciones: REGIMENES,
            ancho: 'largo',
          },
          { ruta: 'exportacion.codIncoterms', etiqueta: 'INCOTERMS', clase: 'lista', opciones: INCOTERMS },
          { ruta: 'exportacion.flete', etiqueta: 'Flete ($)', clase: 'numero', ancho: 'corto' },
          { ruta: 'exportacion.seguro', etiqueta: 'Seguro ($)', clase: 'numero', ancho: 'corto' },
        ],
      },
    ],
    lineas: LINEAS_DE_EXPORTACION,
    otrasFilas: [],
    condiciones: [...descuentoDeCompra, condicion, observaciones],
    pagos: pagos(true),
  },
  {
    tipoDte: '15',
    tipo: 'COMPROBANTE_DONACION',
    titulo: 'Comprobante de donación',
    uso: 'Donaciones recibidas por una entidad calificada',
    ajustaCcf: false,
    contraparte: DONANTE,
    secciones: [],
    lineas: LINEAS_DE_DONACION,
    otrasFilas: [
      {
        ruta: 'otrosDocumentos',
        titulo: 'Documentos asociados',
        fila: 'Documento',
        campos: [
          {
            ruta: 'codDocAsociado',
            etiqueta: 'De quién',
            clase: 'lista',
            opciones: () => DOCUMENTOS_ASOCIADOS,
            numerica: true,
            inicial: '1',
          },
          {
            ruta: 'descDocumento',
            etiqueta: 'Documento (del donatario: su resolución de calificación)',
            ancho: 'largo',
            principal: true,
          },
          { ruta: 'detalleDocumento', etiqueta: 'Detalle (número, fecha)', ancho: 'largo', principal: true },
        ],
      },
    ],
    condiciones: [{ ...observaciones, etiqueta: 'Observaciones (hasta 150 caracteres)' }],
    pagos: pagos(false),
  },
  nota('NOTA_CREDITO', 'Nota de crédito', 'Devoluciones y descuentos sobre un crédito fiscal'),
  nota('NOTA_DEBITO', 'Nota de débito', 'Cargos después de un crédito fiscal'),
];

/** The kinds the session may issue from the console, in the order offered. */
export const formulariosPermitidos = (permisos: readonly string[]) =>
  FORMULARIOS.filter((f) => permisos.includes(documentKind(f.tipo).permission));

/** The kind's rows of each list, in the form's order. */
export const listasDe = (f: FormularioDte): Filas[] => [f.lineas, ...f.otrasFilas, ...(f.pagos ? [f.pagos] : [])];

/** How many rows of `filas` the values hold (their highest index, plus one). */
export function filasEn(filas: Filas, v: Valores): number {
  const prefijo = `${filas.ruta}.`;
  let n = 0;
  for (const k of Object.keys(v))
    if (k.startsWith(prefijo)) {
      const i = Number(k.slice(prefijo.length, k.indexOf('.', prefijo.length)));
      if (Number.isInteger(i) && i >= 0 && i < 2000) n = Math.max(n, i + 1);
    }
  return n;
}

const filaEnBlanco = (filas: Filas, v: Valores, i: number) =>
  filas.campos.filter((c) => c.principal).every((c) => !(v[`${filas.ruta}.${i}.${c.ruta}`] ?? '').trim());

/**
 * The values with each list's blank rows dropped and the rest numbered again from 0, the row `quitar`
 * (`items.2`) dropped too: the rows the body is made of, so the API's `items[1]` is the second row shown.
 */
export function compactar(f: FormularioDte, v: Valores, quitar?: string): Valores {
  const fuera = new Set(listasDe(f).map((l) => l.ruta));
  const out: Valores = Object.fromEntries(
    Object.entries(v).filter(([k]) => !fuera.has(k.slice(0, k.indexOf('.')) as Filas['ruta'])),
  );
  for (const filas of listasDe(f)) {
    let j = 0;
    for (let i = 0; i < filasEn(filas, v); i++) {
      if (filaEnBlanco(filas, v, i) || quitar === `${filas.ruta}.${i}`) continue;
      for (const c of filas.campos) {
        const valor = v[`${filas.ruta}.${i}.${c.ruta}`];
        if (valor !== undefined) out[`${filas.ruta}.${j}.${c.ruta}`] = valor;
      }
      j++;
    }
  }
  return out;
}

/**
 * The issuance body of the form's values (already `compactar`ed), and what could not be converted (a
 * number that is none), beside its field. An empty field is absent from the body, an empty counterpart an
 * empty object. A CCF's receptor
 * identified by its NIT (tipoDocumento 36) and no other number gives its NIT as numDocumento; a single
 * form of payment without an amount is `pago` (for the whole), several or with amounts are `pagos`.
 */
export function cuerpoDe(f: FormularioDte, v: Valores): { cuerpo: Record<string, unknown>; errores: Errores } {
  const cuerpo: Record<string, unknown> = {};
  const errores: Errores = {};
  for (const c of camposSueltos(f)) convertir(c, c.ruta, v, cuerpo, errores);
  for (const filas of listasDe(f))
    for (let i = 0; i < filasEn(filas, v); i++)
      for (const c of filas.campos) convertir(c, `${filas.ruta}.${i}.${c.ruta}`, v, cuerpo, errores);
  // The counterpart with no field filled is one that gives none (an anonymous consumer), not a missing one.
  if (f.contraparte) cuerpo[f.contraparte.seccion] ??= {};
  const receptor = cuerpo.receptor as Record<string, unknown> | undefined;
  if (f.tipo === 'CREDITO_FISCAL' && receptor?.tipoDocumento === '36' && !receptor.numDocumento && receptor.nit)
    receptor.numDocumento = receptor.nit;
  const listaDePagos = cuerpo.pagos as Record<string, unknown>[] | undefined;
  if (listaDePagos?.length === 1 && listaDePagos[0]!.montoPago === undefined) {
    cuerpo.pago = listaDePagos[0];
    delete cuerpo.pagos;
  }
  return { cuerpo, errores };
}

/** The fields of the form outside its rows. */
export const camposSueltos = (f: FormularioDte): Campo[] => [
  ...(f.contraparte?.campos ?? []),
  ...f.secciones.flatMap((s) => s.campos),
  ...f.condiciones,
];

/**
 * The field an API error names, as the form calls it: `items[1].cantidad` is `items.1.cantidad`; a
 * direccion's codes are its distrito's list; `pago` is the first form of payment; a CCF's document number
 * the form took from its NIT is the NIT. Null when the form has
 * no such field (the error is then told above the form).
 */
export function campoDelError(f: FormularioDte, v: Valores, field: string): string | null {
  const nombre = nombreDelCampo(field).replace(/^pago(\.|$)/, 'pagos.0$1');
  // A CCF's document number left blank is its NIT (`cuerpoDe`): what is wrong with it is the NIT's.
  if (nombre === 'receptor.numDocumento' && f.tipo === 'CREDITO_FISCAL' && !(v[nombre] ?? '').trim())
    return 'receptor.nit';
  if (camposSueltos(f).some((c) => c.ruta === nombre && !c.oculto)) return nombre;
  const fila = /^(items|pagos|otrosDocumentos)\.(\d+)\.(.+)$/.exec(nombre);
  const filas = fila && listasDe(f).find((l) => l.ruta === fila[1]);
  if (filas?.campos.some((c) => c.ruta === fila![3]) && Number(fila![2]) < Math.max(1, filasEn(filas, v)))
    return nombre;
  if (nombre === 'pagos.0') return f.pagos ? 'pagos.0.codigo' : null;
  return null;
}

/** A new form's values: each field's initial value, one blank row of each list. */
export function valoresIniciales(f: FormularioDte): Valores {
  const v: Valores = {};
  for (const c of camposSueltos(f)) if (c.inicial) v[c.ruta] = c.inicial;
  return v;
}
