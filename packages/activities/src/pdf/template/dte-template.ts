import { catalogValue, consultaPublicaUrl, distritosDe, type Papel, type TipoDte } from '@dte/domain';
import { qrDataUrl } from './consulta-publica';
import {
  CUERPO_FIELDS,
  DOCUMENTO_RELACIONADO_FIELDS,
  emisorDe,
  LIQUIDACION_FIELDS,
  MODELO_FACTURACION,
  OTROS_DOCUMENTOS_FIELDS,
  PAGO_FIELDS,
  receptorDe,
  RESUMEN_CODES,
  RESUMEN_FIELDS,
  TIPO_TRANSMISION,
  totalLiquidado,
  TRIBUTOS,
} from './fields';
import { asList, asObj, fecha, formatValue, humanize, text, type Field, type Obj } from './format';

const TIPO_PERSONA = { '1': 'Persona natural', '2': 'Persona jurídica' } as const;
import { html, SafeHtml } from './html';
import { logoDataUrl } from './logo';

/** The document's state in the service; it decides the marks the legible version carries. */
export type EstadoDte = 'PROCESSED' | 'CONTINGENCIA' | 'REJECTED' | 'CANCELLED';

export interface Branding {
  logo?: Buffer | null;
  /** As stored with the logo; not trusted: the format is read from the bytes (see logoDataUrl). */
  logoContentType?: string;
  /** `#RRGGBB`; anything else falls back to the default palette. */
  colorPrincipal?: string | null;
  colorSecundario?: string | null;
  colorFondo?: string | null;
}

export interface DtePdfInput {
  /** The DTE JSON as transmitted to MH, of any kind (01, 03, 05, 06, 07, 14, 18…). */
  dte: Obj;
  selloRecibido: string | null;
  estado: EstadoDte;
  /** The heading of the document, e.g. "FACTURA" or "COMPROBANTE DE CRÉDITO FISCAL". */
  tipoNombre: string;
  branding: Branding;
  /** The paper (default: Letter): a ticket is the same content laid out for a receipt printer's roll. */
  papel?: Papel;
}

/** Marks printed over documents that are not (or no longer) valid as sealed by MH. */
const ESTADO_MARKS: Partial<Record<EstadoDte, string>> = {
  CONTINGENCIA: 'EMITIDO EN CONTINGENCIA',
  REJECTED: 'RECHAZADO POR HACIENDA: SIN VALIDEZ TRIBUTARIA',
  CANCELLED: 'DOCUMENTO INVALIDADO',
};

const DEFAULT_COLORS = { principal: '#1f3a5f', secundario: '#5b7a99', fondo: '#ffffff' };

/**
 * One document's share of a printed page: printed alone or beside others of the same look, each starting
 * on a page of its own (see `paginaDte`).
 */
export interface ParteDte {
  /** The PDF's title, as Chromium would take it from `<title>`. */
  titulo: string;
  /** The stylesheet: the emisor's colours, shared by every document printed with it. */
  css: string;
  /** The mark printed across every page, or null; a fixed element repeats on every page of a print. */
  marca: string | null;
  /** The body's markup. */
  contenido: string;
  /** The paper it is laid out for; part of `css`, so documents sharing a print share it. */
  papel: Papel;
}

/** Documents that may share one print: the same stylesheet and the same mark across the page. */
export function aspectoDe(parte: ParteDte): string {
  return `${parte.marca ?? ''}\u0000${parte.css}`;
}

/**
 * Where each document starts in a print of several: a link to this address, on the document's first page,
 * becomes a link annotation there that splitting the PDF looks for and removes.
 */
export const INICIO_DTE = 'https://inicio.dte.invalid/';

/**
 * The page Chromium prints. One document is numbered by the `@page` rule, as Chromium prints it. Several
 * follow one another, each from a new page and preceded by its INICIO_DTE link, and must share `aspectoDe`;
 * their page numbers are not here, since `@page` counters count the whole print: each document's
 * "Página n de m" is written on its own PDF after the split (`splitPrint`), in the same place.
 */
export function paginaDte(partes: readonly ParteDte[]): string {
  const [primera] = partes;
  if (!primera) throw new RangeError('paginaDte needs at least one document');
  const sola = partes.length === 1;
  // A ticket is one page as long as its document (see `HOJAS`): it has no page numbers.
  const numerada = sola && primera.papel === 'carta';
  return html`<!DOCTYPE html>
    <html lang="es">
      <head>
        <meta charset="utf-8" />
        <title>${primera.titulo}</title>
        <style>
          ${new SafeHtml(primera.css)}
          ${numerada && new SafeHtml(NUMERO_DE_PAGINA)}
        </style>
      </head>
      <body>
        ${primera.marca && html`<div class="watermark">${primera.marca}</div>`}
        ${partes.map(
          (parte, i) =>
            html`<div class="dte">
              ${!sola && html`<a class="inicio-dte" href="${INICIO_DTE}${String(i)}"></a>`}${new SafeHtml(parte.contenido)}
            </div>`,
        )}
      </body>
    </html>`.value;
}

/**
 * The page's margins and its number ("Página n de m", bottom right): the `@page` rule prints them for a
 * document printed alone, and `splitPrint` writes the number of one printed with others in the same place.
 */
export const PAGINA = {
  margenMm: { superior: 10, derecho: 10, inferior: 14, izquierdo: 10 },
  numero: { pt: 7, gris: 0x66 },
} as const;

/**
 * The papers' widths, in millimetres, and their margins. Letter pages follow one another at Letter's height;
 * a ticket's page is cut at its document's length (`altoMm: null`): the renderer measures the laid-out
 * document (its `.dte` box, `anchoMm` less the side margins wide) and prints a page that tall. The side
 * margins leave a roll's printable width (72 mm of an 80 mm roll, 48 mm of a 58 mm one); `qrMm`: the
 * consultation QR's side, large enough for a phone to read from a thermal print.
 */
export const HOJAS = {
  carta: { anchoMm: 215.9, altoMm: 279.4, margenMm: PAGINA.margenMm, qrMm: 29 },
  ticket80: { anchoMm: 80, altoMm: null, margenMm: { superior: 4, derecho: 4, inferior: 6, izquierdo: 4 }, qrMm: 34 },
  ticket58: { anchoMm: 58, altoMm: null, margenMm: { superior: 4, derecho: 5, inferior: 6, izquierdo: 5 }, qrMm: 30 },
} as const satisfies Record<
  Papel,
  {
    anchoMm: number;
    altoMm: number | null;
    margenMm: { superior: number; derecho: number; inferior: number; izquierdo: number };
    qrMm: number;
  }
>;

const { numero } = PAGINA;
const gris = numero.gris.toString(16);
const NUMERO_DE_PAGINA = `@page {
  @bottom-right { content: 'Página ' counter(page) ' de ' counter(pages); font-family: Helvetica, Arial, 'Liberation Sans', sans-serif; font-size: ${numero.pt}pt; color: #${gris}${gris}${gris}; }
}`;

/** The legible version (versión legible) of a DTE as a self-contained HTML page: images are data: URLs. */
export async function dteHtml(input: DtePdfInput): Promise<string> {
  return paginaDte([await parteDte(input)]);
}

/** A document's title, stylesheet, mark and body. */
export async function parteDte(input: DtePdfInput): Promise<ParteDte> {
  const { dte, estado, tipoNombre } = input;
  const papel = input.papel ?? 'carta';
  const identificacion = asObj(dte.identificacion);
  const codigoGeneracion = text(identificacion?.codigoGeneracion);
  const ambiente = text(identificacion?.ambiente);
  const fecEmi = text(identificacion?.fecEmi);
  if (!identificacion || !codigoGeneracion || !ambiente || !fecEmi) {
    throw new TypeError('DTE without identificacion.codigoGeneracion, ambiente and fecEmi cannot be rendered');
  }
  const qr = await qrDataUrl(consultaPublicaUrl({ ambiente, codigoGeneracion, fecEmi }));
  const resumen = asObj(dte.resumen) ?? {};
  const emisor = emisorDe(dte);
  // The Documento Contable de Liquidación's cuerpo is one object, the liquidation, and carries its totalLetras.
  const liquidacion = asObj(dte.cuerpoDocumento);
  const mark = ESTADO_MARKS[estado];
  // A contingency document has not reached MH yet, so whatever sello the caller holds is not its own.
  const sello = estado === 'CONTINGENCIA' ? 'Pendiente de transmisión a Hacienda' : (input.selloRecibido ?? '—');
  // The Evento de Retorno (18) has tipoEvento where DTEs have tipoDte.
  const tipoDte = text(identificacion.tipoDte) ?? text(identificacion.tipoEvento);
  const partes = (PARTES as Readonly<Record<string, readonly [string, string]>>)[tipoDte ?? ''] ?? EMISOR_RECEPTOR;

  const contenido = html`<header>
      <div class="logo">${logoImage(input.branding)}</div>
      <div class="titulo">
        <div class="emisor-nombre">${text(emisor?.nombreComercial) ?? text(emisor?.nombre)}</div>
        <div>DOCUMENTO TRIBUTARIO ELECTRÓNICO</div>
        <h1>${tipoNombre}</h1>
      </div>
      <div class="version">Ver. ${text(identificacion.version)}</div>
    </header>
    ${mark && html`<div class="marca">${mark}</div>`}
    <section class="identificacion">
      <table class="datos">
        ${row('Código de generación', codigoGeneracion, 'id')}
        ${row('Número de control', text(identificacion.numeroControl), 'id')} ${row('Sello de recepción', sello, 'id')}
        ${row('Modelo de facturación', formatValue(identificacion.tipoModelo, { words: MODELO_FACTURACION }))}
        ${row('Tipo de transmisión', formatValue(identificacion.tipoOperacion, { words: TIPO_TRANSMISION }))}
        ${row('Fecha y hora de generación', [fecha(fecEmi), text(identificacion.horEmi)].filter(Boolean).join(' '))}
        ${row('Tipo de contingencia', formatValue(identificacion.tipoContingencia, { catalog: 'CAT-005' }))}
        ${row('Motivo de contingencia', text(identificacion.motivoContin))}
        ${row('Ambiente', ambiente === '01' ? 'Producción' : 'Pruebas')}
        ${row('Moneda', text(identificacion.tipoMoneda))}
      </table>
      <figure class="qr">
        <img src="${qr}" alt="Código QR de consulta pública" />
        <figcaption>Consulte este documento en Hacienda</figcaption>
      </figure>
    </section>
    <section class="partes">
      ${party(partes[0], emisor)} ${party(partes[1], receptorDe(dte), 'Consumidor final')}
    </section>
    ${ventaTercero(asObj(dte.ventaTercero))}
    ${table('DOCUMENTOS RELACIONADOS', DOCUMENTO_RELACIONADO_FIELDS, asList(dte.documentoRelacionado))}
    ${table('OTROS DOCUMENTOS ASOCIADOS', OTROS_DOCUMENTOS_FIELDS, asList(dte.otrosDocumentos))}
    ${table('DETALLE', CUERPO_FIELDS, asList(dte.cuerpoDocumento), 'descripcion')}
    ${liquidacion && datos('LIQUIDACIÓN', LIQUIDACION_FIELDS, liquidacion)}
    <section class="cierre">
      <div class="notas">
        ${row(
          'Valor en letras',
          text(resumen.totalLetras) ?? text(resumen.totalIVAretenidoLetras) ?? text(liquidacion?.totalLetras),
          'block',
        )}
        ${row('Condición de la operación', formatValue(resumen.condicionOperacion, { catalog: 'CAT-016' }), 'block')}
        ${row('N° de pago electrónico', text(resumen.numPagoElectronico), 'block')}
        ${row(
          'Incoterm',
          text(resumen.descIncoterms) ?? formatValue(resumen.codIncoterms, { catalog: 'CAT-031' }),
          'block',
        )}
        ${table('PAGOS', PAGO_FIELDS, asList(resumen.pagos))} ${observaciones(dte, resumen)}
      </div>
      <table class="resumen">
        ${resumenRows(resumen)}
      </table>
    </section>
    ${extension(asObj(dte.extension))}`;
  return {
    titulo: `${tipoNombre} ${codigoGeneracion}`,
    css: css(input.branding, papel),
    marca: mark ?? null,
    contenido: contenido.value,
    papel,
  };
}

function css(branding: Branding, papel: Papel): string {
  const principal = hexColor(branding.colorPrincipal) ?? DEFAULT_COLORS.principal;
  const secundario = hexColor(branding.colorSecundario) ?? DEFAULT_COLORS.secundario;
  const fondo = hexColor(branding.colorFondo) ?? DEFAULT_COLORS.fondo;
  const hoja = HOJAS[papel];
  const m = hoja.margenMm;
  return `
@page {
  ${hoja.altoMm === null ? '' : 'size: Letter;'}
  margin: ${m.superior}mm ${m.derecho}mm ${m.inferior}mm ${m.izquierdo}mm;
}
.dte + .dte { break-before: page; }
/* Net height zero, yet a box Chromium gives a link annotation to. */
.inicio-dte { display: block; width: 1px; height: 1px; margin-bottom: -1px; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Arial, 'Liberation Sans', 'DejaVu Sans', 'Noto Color Emoji', sans-serif; font-size: 8.5pt; color: #1a1a1a; background: ${fondo}; }
header { display: flex; align-items: center; gap: 12px; border-bottom: 3px solid ${principal}; padding-bottom: 6px; }
.logo { width: 150px; height: 70px; display: flex; align-items: center; }
.logo img { max-width: 150px; max-height: 70px; }
.titulo { flex: 1; text-align: center; }
.titulo h1 { margin: 2px 0 0; font-size: 14pt; color: ${principal}; }
.emisor-nombre { font-size: 11pt; font-weight: bold; }
.version { align-self: flex-start; color: ${secundario}; }
.marca { margin: 6px 0; padding: 6px; border: 3px solid #c62828; color: #c62828; font-size: 16pt; font-weight: bold; text-align: center; }
.watermark { position: fixed; top: 45%; left: 0; width: 100%; text-align: center; transform: rotate(-30deg); font-size: 44pt; font-weight: bold; color: rgba(198, 40, 40, 0.13); z-index: -1; }
section { margin-top: 8px; }
h2 { margin: 0 0 3px; padding: 2px 6px; font-size: 9pt; color: #fff; background: ${principal}; }
.identificacion { display: flex; gap: 12px; align-items: flex-start; border: 1px solid ${secundario}; padding: 6px; }
.identificacion .datos { flex: 1; }
.qr { margin: 0; width: 120px; text-align: center; font-size: 7pt; color: ${secundario}; }
.qr img { width: 110px; height: 110px; }
table { border-collapse: collapse; }
.datos th { text-align: left; font-weight: bold; padding: 1px 8px 1px 0; vertical-align: top; white-space: nowrap; }
.datos td { padding: 1px 0; vertical-align: top; }
.id { font-family: 'DejaVu Sans Mono', monospace; white-space: nowrap; }
.partes { display: flex; gap: 8px; }
.parte { flex: 1; border: 1px solid ${secundario}; }
.parte .datos { margin: 0 6px 4px; }
.listado { width: 100%; }
.listado th { background: ${secundario}; color: #fff; font-weight: bold; padding: 3px; font-size: 7.5pt; text-align: left; vertical-align: bottom; }
/* A heading may wrap between its words: unwrapped, eleven of them are wider than the page, and Chromium
   then prints the boxes of the page cut at its right edge. */
.listado th.money, .listado th.price, .listado th.quantity, .listado th.percent { white-space: normal; }
.listado td { border-bottom: 1px solid #ddd; padding: 3px; vertical-align: top; }
.listado tr { page-break-inside: avoid; }
.listado tr.con-texto-aparte td { border-bottom: none; padding-bottom: 0; }
.listado tr.texto-aparte td { font-size: 7.5pt; padding-top: 1px; }
.listado tr.texto-aparte { page-break-inside: auto; }
.money, .price, .quantity, .percent { text-align: right; white-space: nowrap; }
/* A codigoGeneracion in a listing may wrap once, at a hyphen, rather than take a third of the page. */
.listado .id { white-space: normal; }
.listado th.id { font-family: inherit; }
.listado td.id { font-size: 7pt; }
/* Chromium ignores min-width on a cell; a block of that width inside it holds the column open. */
.listado td.id::before { content: ''; display: block; width: 19ch; }
.listado th.money, .listado th.price, .listado th.quantity, .listado th.percent { text-align: right; }
.cierre { display: flex; gap: 12px; align-items: flex-start; page-break-inside: avoid; }
.notas { flex: 1; }
.block { margin-bottom: 4px; }
.resumen { width: 45%; }
.resumen th { text-align: right; font-weight: normal; padding: 1px 8px 1px 0; }
.resumen td { text-align: right; white-space: nowrap; padding: 1px 0; }
.resumen .total th, .resumen .total td { font-weight: bold; font-size: 10pt; border-top: 1px solid ${principal}; color: ${principal}; }
.observaciones p { margin: 0 0 2px; white-space: pre-wrap; }
/* A text the emisor or its client wrote may hold a word wider than its cell (MH takes names of 250
   characters, descriptions of 1,000): it breaks inside the word rather than push the amounts off the page.
   "anywhere", unlike "break-word", also lowers the cell's narrowest width, which tables and flex boxes
   are laid out by; a cell kept on one line (amounts, identifiers) is unaffected. In a listing's columns
   only a cell holding such a word may break (PALABRA_LARGA): others would lose their narrowest width too,
   and the columns of a full listing would then split short words ("Unida d"). */
.titulo, .datos td, .listado td.palabra-larga, .listado tr.texto-aparte td, .observaciones p { overflow-wrap: anywhere; }
.parte, .titulo, .identificacion .datos { min-width: 0; }
${papel === 'carta' ? '' : cssTicket(papel, secundario)}`;
}

function hexColor(value: string | null | undefined): string | null {
  // Only a literal colour reaches the stylesheet: an emisor's setting must not inject CSS.
  return value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : null;
}

/**
 * A ticket's layout of the same markup: one column as wide as the roll's printable width (the body is that
 * wide on screen too, where the renderer measures it), every block under the previous one, labels before
 * their values, and a listing's lines as blocks of labelled values under their description (`data-etiqueta`).
 * Amounts of zero (`cero`: a line's or the resumen's) are left out; the resumen's total always shows.
 */
function cssTicket(papel: Exclude<Papel, 'carta'>, secundario: string): string {
  const hoja = HOJAS[papel];
  const ancho = hoja.anchoMm - hoja.margenMm.izquierdo - hoja.margenMm.derecho;
  return `
body { width: ${ancho}mm; font-size: 8pt; }
header { flex-direction: column; gap: 2px; }
.logo { width: 100%; height: auto; justify-content: center; }
.logo img { max-width: 100%; max-height: 18mm; }
.version { align-self: center; }
.titulo h1 { font-size: 11pt; }
.emisor-nombre { font-size: 10pt; }
.marca { font-size: 10pt; padding: 3px; }
.watermark { font-size: 26pt; }
section { margin-top: 6px; }
h2 { font-size: 8pt; }
.identificacion, .partes, .cierre { flex-direction: column; align-items: stretch; gap: 6px; }
.identificacion { padding: 4px; }
.qr { width: 100%; font-size: 7.5pt; }
.qr img { width: ${hoja.qrMm}mm; height: ${hoja.qrMm}mm; }
.datos, .datos tbody, .datos tr { display: block; }
.datos tr { padding: 1px 0; }
.datos th, .datos td { display: inline; padding: 0; white-space: normal; }
.datos th { padding-right: 3px; }
.id { white-space: normal; overflow-wrap: anywhere; font-size: 7.5pt; }
.listado, .listado tbody { display: block; width: 100%; }
.listado thead { display: none; }
.listado tr { display: flex; flex-wrap: wrap; column-gap: 8px; border-bottom: 1px solid #ddd; padding: 2px 0; }
.listado tr.con-texto-aparte { border-bottom: none; }
.listado td, .listado td.id { display: block; border: none; padding: 0; text-align: left; font-size: 8pt; }
.listado td:empty, .listado td.cero { display: none; }
.resumen tr.cero { display: none; }
.listado td.principal, .listado tr.texto-aparte td { flex-basis: 100%; overflow-wrap: anywhere; }
.listado td.principal { font-weight: bold; }
.listado td[data-etiqueta]::before, .listado td.id[data-etiqueta]::before {
  content: attr(data-etiqueta) ': '; display: inline; width: auto; color: ${secundario}; font-size: 7pt;
}
.listado td.principal::before { content: none !important; }
.resumen { width: 100%; }
.resumen th { text-align: left; padding-right: 4px; }
`;
}

function logoImage(branding: Branding): SafeHtml | null {
  const src = logoDataUrl(branding.logo);
  return src ? html`<img src="${src}" alt="" />` : null;
}

/** The parties' titles of a layout that names them as MH's schemas do. */
const EMISOR_RECEPTOR: readonly [string, string] = ['EMISOR', 'RECEPTOR'];
/** What each kind calls its two parties, as MH's suggested layouts do (Manual Funcional §XXII). */
const PARTES = {
  '01': EMISOR_RECEPTOR,
  '03': EMISOR_RECEPTOR,
  '04': EMISOR_RECEPTOR,
  '05': EMISOR_RECEPTOR,
  '06': EMISOR_RECEPTOR,
  '07': ['AGENTE DE RETENCIÓN', 'SUJETO DE RETENCIÓN'],
  '08': ['COMISIONISTA', 'MANDANTE'],
  '09': ['AGENTE PERCEPTOR', 'AFILIADO'],
  '11': ['EXPORTADOR', 'RECEPTOR'],
  '14': ['EMISOR', 'SUJETO EXCLUIDO'],
  '15': ['DONATARIO', 'DONANTE'],
  '18': EMISOR_RECEPTOR,
} satisfies Record<TipoDte, readonly [string, string]>;

/** A section of label/value lines: the fields of `fields` the object carries. */
function datos(title: string, fields: Field[], data: Obj): SafeHtml {
  return html`<section>
    <h2>${title}</h2>
    <table class="datos">
      ${fields.map((f) => row(f.label, formatValue(data[f.key], f.kind)))}
    </table>
  </section>`;
}

/** A label/value line; null values are left out, so each kind shows only what it carries. */
function row(label: string, value: string | null | undefined, style?: 'id' | 'block'): SafeHtml | null {
  if (!value) return null;
  if (style === 'block') return html`<div class="block"><strong>${label}:</strong> ${value}</div>`;
  return html`<tr>
    <th>${label}:</th>
    <td class="${style ?? ''}">${value}</td>
  </tr>`;
}

function party(title: string, data: Obj | null, whenMissing?: string): SafeHtml {
  // A Factura's anonymous receptor may be an object without a field the layout shows.
  const rows = data ? partyRows(data).filter(Boolean) : [];
  if (rows.length === 0) rows.push(row('Nombre', whenMissing));
  return html`<div class="parte">
    <h2>${title}</h2>
    <table class="datos">
      ${rows}
    </table>
  </div>`;
}

function partyRows(data: Obj): (SafeHtml | null)[] {
  const tipoDocumento = text(data.tipoDocumento);
  const actividad = [text(data.codActividad), text(data.descActividad)].filter(Boolean).join(' - ');
  return [
    row('Nombre o razón social', text(data.nombre)),
    row('Nombre comercial', text(data.nombreComercial)),
    row('NIT', text(data.nit)),
    // The identity document is labelled by its kind (Manual Funcional §XXII: "DUI", "Pasaporte"…).
    row(tipoDocumento ? (catalogValue('CAT-022', tipoDocumento) ?? 'Documento') : 'Documento', text(data.numDocumento)),
    row('NRC', text(data.nrc)),
    row('Actividad económica', actividad),
    // A foreign receptor (FEX) has no structured address, only its complemento and country.
    row('Dirección', direccion(asObj(data.direccion)) ?? text(data.complemento)),
    row('País', text(data.nombrePais)),
    row('Tipo de persona', formatValue(data.tipoPersona, { words: TIPO_PERSONA })),
    row('Teléfono', text(data.telefono)),
    row('Correo electrónico', text(data.correo)),
    row('Tipo de establecimiento', formatValue(data.tipoEstablecimiento, { catalog: 'CAT-009' })),
    // Nota de Remisión: under what title the receptor holds the goods.
    row('Título de los bienes', formatValue(data.bienTitulo, { catalog: 'CAT-025' })),
    // Exportador: what it exports, through which customs office and under which regime.
    row('Tipo de ítem exportado', formatValue(data.tipoItemExpor, { catalog: 'CAT-011' })),
    row('Recinto fiscal', formatValue(data.recintoFiscal, { catalog: 'CAT-027', edicion: '2026' })),
    // fe-fex-v3 writes July 2026's régimen ("1000.000") beside its type (CAT-033), fe-fex-v1 v1.2's ("EX-1.1000.000").
    row('Tipo de régimen', formatValue(data.tipoRegimen, { catalog: 'CAT-033', edicion: '2026' })),
    row(
      'Régimen',
      formatValue(data.regimen, { catalog: 'CAT-028', edicion: 'tipoRegimen' in data ? '2026' : undefined }),
    ),
  ];
}

function direccion(data: Obj | null): string | null {
  if (!data) return null;
  const departamento = text(data.departamento);
  const municipio = text(data.municipio);
  const distrito = text(data.distrito);
  const parts = [
    text(data.complemento),
    // Only 2026 addresses have the field; 2023 ones carry the distrito inside complemento.
    departamento && distrito ? `Distrito ${nombreDistrito(departamento, distrito)}` : null,
    // The same codes name their municipio by the document's edition: Cabañas 10 and 11 swapped in 2026's.
    departamento && municipio
      ? catalogValue('CAT-013', `${departamento}/${municipio}`, distrito ? '2026' : '1.2')
      : null,
    departamento ? catalogValue('CAT-012', departamento) : null,
  ];
  return parts.filter(Boolean).join(', ') || null;
}

function nombreDistrito(departamento: string, distrito: string): string {
  return distritosDe(departamento).find((d) => d.codigo === distrito)?.nombre ?? distrito;
}

function ventaTercero(data: Obj | null): SafeHtml | null {
  if (!data) return null;
  return html`<section>
    <h2>VENTA A CUENTA DE TERCEROS</h2>
    <table class="datos">
      ${row('NIT', text(data.nit))}${row('Nombre, denominación o razón social', text(data.nombre))}
    </table>
  </section>`;
}

/**
 * A line text longer than this (MH takes 1,000 or 1,500 characters) is printed on a row of its own across
 * the listing: in its column it would wrap a few words to the line, pages long.
 */
const TEXTO_EN_SU_FILA = 120;

/** A word longer than a listing's column is wide in a full listing (a word of Spanish seldom has 20 letters). */
const PALABRA_LARGA = /\S{21}/;

/**
 * A listing whose columns are the fields some line carries; empty listings are left out. The text field
 * `aparte` (the description) of a line moves to a full-width row under it when it is long.
 */
function table(title: string, fields: Field[], rows: Obj[], aparte?: string): SafeHtml | null {
  if (rows.length === 0) return null;
  const carried = (f: Field) => rows.some((r) => formatValue(r[f.key], f.kind) !== null);
  const significant = (f: Field) => rows.some((r) => formatValue(r[f.key], f.kind) !== null && r[f.key] !== 0);
  const columns = fields.filter((f) => {
    if (!carried(f)) return false;
    if (!f.omitZero) return true;
    return typeof f.omitZero === 'string'
      ? fields.some((g) => g.omitZero === f.omitZero && significant(g))
      : significant(f);
  });
  const kindClass = (f: Field) => (typeof f.kind === 'string' ? f.kind : 'text');
  return html`<section>
    <h2>${title}</h2>
    <table class="listado">
      <thead>
        <tr>
          ${columns.map((f) => html`<th class="${kindClass(f)}">${f.label}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map((r) => {
          const largo = aparte !== undefined && (text(r[aparte])?.length ?? 0) > TEXTO_EN_SU_FILA;
          const celda = (f: Field) => (largo && f.key === aparte ? null : formatValue(r[f.key], f.kind));
          return html`<tr class="${largo ? 'con-texto-aparte' : ''}">
              ${columns.map((f) => {
                const valor = celda(f);
                const partible = kindClass(f) === 'text' && PALABRA_LARGA.test(valor ?? '');
                // The description a ticket prints first, in bold; amounts of zero, which a ticket leaves out.
                const clases = [
                  kindClass(f),
                  partible && 'palabra-larga',
                  f.key === aparte && 'principal',
                  r[f.key] === 0 && 'cero',
                ];
                const clase = clases.filter(Boolean).join(' ');
                return html`<td class="${clase}" data-etiqueta="${f.label}">${valor}</td>`;
              })}
            </tr>
            ${
              largo &&
              html`<tr class="texto-aparte">
                <td colspan="${String(columns.length)}">${text(r[aparte!])}</td>
              </tr>`
            }`;
        })}
      </tbody>
    </table>
  </section>`;
}

/** Every amount the resumen carries: the known ones in layout order, then any others MH may add. */
function resumenRows(resumen: Obj): SafeHtml[] {
  const known = new Set<string>(RESUMEN_CODES);
  const total = totalLiquidado(resumen);
  const lines: SafeHtml[] = [];
  const line = (key: string, label: string, value: string | null, cero = false) => {
    if (value !== null)
      lines.push(
        html`<tr class="${key === total ? 'total' : cero ? 'cero' : ''}">
          <th>${label}:</th>
          <td>${value}</td>
        </tr>`,
      );
  };
  for (const field of RESUMEN_FIELDS) {
    if (field === TRIBUTOS) {
      known.add(TRIBUTOS);
      for (const tributo of asList(resumen.tributos)) {
        const nombre = text(tributo.descripcion) ?? formatValue(tributo.codigo, { catalog: 'CAT-015' }) ?? 'Tributo';
        line(TRIBUTOS, nombre, formatValue(tributo.valor, 'money'));
      }
      continue;
    }
    // A key listed twice is shown once, under the label its document gives it.
    if (known.has(field.key) || (field.onlyWith && !(field.onlyWith in resumen))) continue;
    known.add(field.key);
    if (!(field.omitZero && resumen[field.key] === 0))
      line(field.key, field.label, formatValue(resumen[field.key], field.kind), resumen[field.key] === 0);
  }
  for (const [key, value] of Object.entries(resumen)) {
    if (!known.has(key) && typeof value === 'number')
      line(key, humanize(key), formatValue(value, 'money'), value === 0);
  }
  return lines;
}

function observaciones(dte: Obj, resumen: Obj): SafeHtml | null {
  const notes = [
    text(asObj(dte.extension)?.observaciones),
    text(resumen.observaciones),
    ...asList(dte.apendice).map((a) => [text(a.etiqueta) ?? text(a.campo), text(a.valor)].filter(Boolean).join(': ')),
  ].filter((n): n is string => Boolean(n));
  if (notes.length === 0) return null;
  return html`<div class="observaciones"><strong>Observaciones:</strong>${notes.map((n) => html`<p>${n}</p>`)}</div>`;
}

function extension(data: Obj | null): SafeHtml | null {
  if (!data) return null;
  const rows = [
    row('Responsable por parte del emisor', personWithDocument(data.nombEntrega, data.docuEntrega)),
    row('Responsable por parte del receptor', personWithDocument(data.nombRecibe, data.docuRecibe)),
    row('Placa del vehículo', text(data.placaVehiculo)),
  ].filter(Boolean);
  if (rows.length === 0) return null;
  return html`<section>
    <table class="datos">
      ${rows}
    </table>
  </section>`;
}

function personWithDocument(nombre: unknown, documento: unknown): string | null {
  const doc = text(documento);
  return [text(nombre), doc && `N° de documento: ${doc}`].filter(Boolean).join(', ') || null;
}
