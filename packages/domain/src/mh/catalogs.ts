import cat002 from './catalogs/CAT-002.json';
import cat005 from './catalogs/CAT-005.json';
import cat006 from './catalogs/CAT-006.json';
import cat007 from './catalogs/CAT-007.json';
import cat009 from './catalogs/CAT-009.json';
import cat011 from './catalogs/CAT-011.json';
import cat012 from './catalogs/CAT-012.json';
import cat013 from './catalogs/CAT-013.json';
import cat014 from './catalogs/CAT-014.json';
import cat015 from './catalogs/CAT-015.json';
import cat016 from './catalogs/CAT-016.json';
import cat017 from './catalogs/CAT-017.json';
import cat018 from './catalogs/CAT-018.json';
import cat019 from './catalogs/CAT-019.json';
import cat020 from './catalogs/CAT-020.json';
import cat021 from './catalogs/CAT-021.json';
import cat022 from './catalogs/CAT-022.json';
import cat023 from './catalogs/CAT-023.json';
import cat024 from './catalogs/CAT-024.json';
import cat025 from './catalogs/CAT-025.json';
import cat026 from './catalogs/CAT-026.json';
import cat027 from './catalogs/CAT-027.json';
import cat028 from './catalogs/CAT-028.json';
import cat029 from './catalogs/CAT-029.json';
import cat030 from './catalogs/CAT-030.json';
import cat031 from './catalogs/CAT-031.json';
import cat032 from './catalogs/CAT-032.json';
import codigosRespuesta from './catalogs/MH-codigos-respuesta-recepcion.json';
import cat002v2026 from './catalogs/v2026/CAT-002.json';
import cat008v2026 from './catalogs/v2026/CAT-008.json';
import cat013v2026 from './catalogs/v2026/CAT-013.json';
import cat023v2026 from './catalogs/v2026/CAT-023.json';
import cat024v2026 from './catalogs/v2026/CAT-024.json';
import cat027v2026 from './catalogs/v2026/CAT-027.json';
import cat028v2026 from './catalogs/v2026/CAT-028.json';
import cat033v2026 from './catalogs/v2026/CAT-033.json';
import distritosPorMunicipio from './catalogs/v2026/distritos-por-municipio.json';

interface CatalogFile {
  items: { codigo: string; valor: string; departamento?: string }[];
}

/** MH catalogs v1.2 by number, as the manuals name them. */
const catalogosV12 = {
  'CAT-002': cat002,
  'CAT-005': cat005,
  'CAT-006': cat006,
  'CAT-007': cat007,
  'CAT-009': cat009,
  'CAT-011': cat011,
  'CAT-012': cat012,
  'CAT-013': cat013,
  'CAT-014': cat014,
  'CAT-015': cat015,
  'CAT-016': cat016,
  'CAT-017': cat017,
  'CAT-018': cat018,
  'CAT-019': cat019,
  'CAT-020': cat020,
  'CAT-021': cat021,
  'CAT-022': cat022,
  'CAT-023': cat023,
  'CAT-024': cat024,
  'CAT-025': cat025,
  'CAT-026': cat026,
  'CAT-027': cat027,
  'CAT-028': cat028,
  'CAT-029': cat029,
  'CAT-030': cat030,
  'CAT-031': cat031,
  'CAT-032': cat032,
} satisfies Record<string, CatalogFile>;

/**
 * The catalogs of MH's 2026 workbook (V 1.1, July 2026) the service uses (extracted by
 * scripts/catalogos-2026.js): CAT-008 Distrito and CAT-033 are new; CAT-002 adds the events 17 and 18,
 * CAT-013 names Cabañas 10 ESTE and 11 OESTE (v1.2 the other way round), CAT-023 became "Operaciones
 * Especiales", CAT-027 adds the recintos fiscales 42 and 43, CAT-028 writes the régimen without its CAT-033
 * class ("1000.000", v1.2 "EX-1.1000.000") and adds 34 codes. The others did not change for what the
 * service reads, so the 2026 edition falls back to v1.2 for them.
 */
const catalogos2026 = {
  'CAT-002': cat002v2026,
  'CAT-008': cat008v2026,
  'CAT-013': cat013v2026,
  'CAT-023': cat023v2026,
  'CAT-024': cat024v2026,
  'CAT-027': cat027v2026,
  'CAT-028': cat028v2026,
  'CAT-033': cat033v2026,
} satisfies Record<string, CatalogFile>;

export type CatalogId = keyof typeof catalogosV12 | keyof typeof catalogos2026;
/** The catalog edition: v1.2 (10/2025) of the 2023 schemas, or the 2026 workbook of Normativa DTE 2.0. */
export type EdicionCatalogo = '1.2' | '2026';

const index = new Map<string, Map<string, string>>();

function entries(id: CatalogId, edicion: EdicionCatalogo = '1.2'): Map<string, string> {
  const key = `${edicion}:${id}`;
  let map = index.get(key);
  if (!map) {
    const file: CatalogFile | undefined =
      (edicion === '2026' ? (catalogos2026 as Record<string, CatalogFile>)[id] : undefined) ??
      (catalogosV12 as Record<string, CatalogFile>)[id];
    // CAT-008 and CAT-013 codes repeat across departamentos, so they are keyed "departamento/codigo".
    map = new Map(
      (file?.items ?? []).map((i) => [i.departamento ? `${i.departamento}/${i.codigo}` : i.codigo, i.valor]),
    );
    index.set(key, map);
  }
  return map;
}

/** The description of a code, or undefined when the catalog does not list it. */
export function catalogValue(id: CatalogId, codigo: string | number, edicion?: EdicionCatalogo): string | undefined {
  return entries(id, edicion).get(String(codigo));
}

export function inCatalog(id: CatalogId, codigo: string | number, edicion?: EdicionCatalogo): boolean {
  return entries(id, edicion).has(String(codigo));
}

/**
 * A catalog's codes and their descriptions, in MH's order: what a person picks from (the web console's
 * lists). The territorial ones, numbered within each departamento, are read with `municipiosConDistritos`.
 */
export function entradasDeCatalogo(
  id: Exclude<CatalogId, 'CAT-008' | 'CAT-013'>,
  edicion?: EdicionCatalogo,
): { codigo: string; valor: string }[] {
  return [...entries(id, edicion)].map(([codigo, valor]) => ({ codigo, valor }));
}

/** CAT-013 v1.2 (2024 territorial reform): municipio codes are unique only within a departamento. */
export function isMunicipioOf(departamento: string, municipio: string): boolean {
  return entries('CAT-013').has(`${departamento}/${municipio}`);
}

/**
 * A municipio code from before the 2024 territorial reform: the old CAT-013 numbered 262 municipios within
 * their departamento, and the 2026 catalogs keep them, so numbered, as the distritos of CAT-008. MH took
 * them in 2023-generation documents through 2025 (accepted Facturas and CCFs with departamento 11,
 * municipio 23, or 03/07, exist), and the official v1/v3 schemas' municipio patterns are exactly them.
 * The two numberings never meet: each departamento's 2024 codes continue after its last old one.
 */
export function isMunicipioAnterior2024(departamento: string, municipio: string): boolean {
  return isDistritoOf(departamento, municipio) && !isMunicipioOf(departamento, municipio);
}

/**
 * How a CAT-008 distrito is written in a DTE: two digits ("07", "14"), numbered within each departamento.
 * MH's July 2026 workbook (V 1.1) writes them so, the first MH text that shows them written (the May
 * edition stored bare numbers, which CAT-008.json keeps); implementers whose documents MH accepted
 * (Melquisspana/Sistema_Facturacion, FE v2 and CCF v4, July 2026; NeoStpCloud, FEX v3 and CD v2, May 2026)
 * and the service spec agree. Contested elsewhere ("7", six-digit "050611"): a correction is this one line.
 */
export const codigoDistrito = (numero: string): string => numero.padStart(2, '0');

/** A distrito of CAT-008 (2026) within its departamento, written as `codigoDistrito` says. */
export function isDistritoOf(departamento: string, distrito: string): boolean {
  return distritosDe(departamento).some((d) => d.codigo === distrito);
}

/** "departamento/distrito", the distrito as a DTE writes it, to its 2024 municipio. */
const municipioPorDistrito = new Map(
  distritosPorMunicipio.items.flatMap((m) =>
    m.distritos.map((d) => [
      `${m.departamento}/${codigoDistrito(d.codigo)}`,
      { codigo: m.municipio, nombre: m.nombre },
    ]),
  ),
);

/**
 * The 2024 municipio (CAT-013) that holds a distrito of the departamento, as the 2024 territorial reform
 * (Decreto Legislativo 762 of 2023) grouped the old municipios; vendored with its source in
 * catalogs/v2026/distritos-por-municipio.json. Undefined for a code that is no distrito of the departamento.
 */
export function municipioDelDistrito(departamento: string, distrito: string): { codigo: string; nombre: string } | undefined {
  return municipioPorDistrito.get(`${departamento}/${distrito}`);
}

/**
 * MH's 2026 annexes require departamento, municipio and distrito to correspond: the distrito lies in the
 * municipio. A pre-2024 municipio code is its own distrito (`isMunicipioAnterior2024`).
 */
export function isDistritoOfMunicipio(departamento: string, municipio: string, distrito: string): boolean {
  if (isMunicipioAnterior2024(departamento, municipio)) return distrito === municipio;
  return municipioDelDistrito(departamento, distrito)?.codigo === municipio;
}

/** The departamento's distritos, as a DTE writes their codes, with their names. */
export function distritosDe(departamento: string): { codigo: string; nombre: string }[] {
  return cat008v2026.items
    .filter((i) => i.departamento === departamento)
    .map((i) => ({ codigo: codigoDistrito(i.codigo), nombre: i.valor }));
}

/**
 * The 2024 municipios (CAT-013) of each departamento with their distritos (CAT-008), the codes as a DTE
 * writes them: an address is picked as a distrito, which names its municipio and departamento.
 */
export function municipiosConDistritos(): {
  departamento: string;
  municipio: string;
  nombre: string;
  distritos: { codigo: string; nombre: string }[];
}[] {
  return distritosPorMunicipio.items.map((m) => ({
    departamento: m.departamento,
    municipio: m.municipio,
    nombre: m.nombre,
    distritos: m.distritos.map((d) => ({ codigo: codigoDistrito(d.codigo), nombre: d.nombre })),
  }));
}

/** MH's reception response codes (Manual Técnico p.25): codigoMsg → descripción. */
export const mhResponseCodes = codigosRespuesta;

/**
 * CAT-015 sections: 1 tributos carried in the resumen and added to the operation total, 2 taxes billed
 * as their own item (tipoItem 4, `codTributo`), 3 informative ad-valorem taxes that change no total.
 * D4 and D5 are listed in sections 1 and 2.
 */
export function isTributoDeSeccion(codigo: string, seccion: 1 | 2 | 3): boolean {
  return (cat015.items as { codigo: string; seccion: number }[]).some((i) => i.codigo === codigo && i.seccion === seccion);
}
