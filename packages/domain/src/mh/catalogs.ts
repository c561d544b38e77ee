import cat002 from './catalogs/CAT-002.json';
import cat005 from './catalogs/CAT-005.json';
import cat006 from './catalogs/CAT-006.json';
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
import cat022 from './catalogs/CAT-022.json';
import cat023 from './catalogs/CAT-023.json';
import cat024 from './catalogs/CAT-024.json';
import codigosRespuesta from './catalogs/MH-codigos-respuesta-recepcion.json';

interface CatalogFile {
  items: { codigo: string; valor: string; departamento?: string }[];
}

/** MH catalogs v1.2 by number, as the manuals name them. */
const catalogs = {
  'CAT-002': cat002,
  'CAT-005': cat005,
  'CAT-006': cat006,
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
  'CAT-022': cat022,
  'CAT-023': cat023,
  'CAT-024': cat024,
} satisfies Record<string, CatalogFile>;
export type CatalogId = keyof typeof catalogs;

const index = new Map<CatalogId, Map<string, string>>();

function entries(id: CatalogId): Map<string, string> {
  let map = index.get(id);
  if (!map) {
    const items = (catalogs[id] as CatalogFile).items;
    // CAT-013 codes repeat across departamentos, so they are keyed "departamento/codigo".
    map = new Map(items.map((i) => [i.departamento ? `${i.departamento}/${i.codigo}` : i.codigo, i.valor]));
    index.set(id, map);
  }
  return map;
}

/** The description of a code, or undefined when the catalog does not list it. */
export function catalogValue(id: CatalogId, codigo: string | number): string | undefined {
  return entries(id).get(String(codigo));
}

export function inCatalog(id: CatalogId, codigo: string | number): boolean {
  return entries(id).has(String(codigo));
}

/** CAT-013 v1.2 (2024 territorial reform): municipio codes are unique only within a departamento. */
export function isMunicipioOf(departamento: string, municipio: string): boolean {
  return entries('CAT-013').has(`${departamento}/${municipio}`);
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
