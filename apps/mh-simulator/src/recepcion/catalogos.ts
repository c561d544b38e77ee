import { inCatalog, isMunicipioOf, isTributoDeSeccion, type CatalogId } from '@dte/domain';
import { hallazgo, type Hallazgo } from '../respuesta';

/**
 * Codes the schemas leave open (or only pattern-check) but MH checks against its catalogs v1.2:
 * a value outside them is answered 007 VALOR NO ES PERMITIDO. Paths use `[]` for "every element"; one
 * table serves every DTE and event because absent fields are simply not there to check.
 */
const reglas: { ruta: string; catalogo: CatalogId }[] = [
  { ruta: 'identificacion.tipoContingencia', catalogo: 'CAT-005' },
  { ruta: 'documentoRelacionado[].tipoDocumento', catalogo: 'CAT-002' },
  { ruta: 'emisor.codActividad', catalogo: 'CAT-019' },
  { ruta: 'emisor.tipoEstablecimiento', catalogo: 'CAT-009' },
  { ruta: 'emisor.tipoDocResponsable', catalogo: 'CAT-022' },
  { ruta: 'receptor.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'receptor.codActividad', catalogo: 'CAT-019' },
  { ruta: 'sujetoExcluido.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'sujetoExcluido.codActividad', catalogo: 'CAT-019' },
  { ruta: 'cuerpoDocumento[].tipoItem', catalogo: 'CAT-011' },
  { ruta: 'cuerpoDocumento[].uniMedida', catalogo: 'CAT-014' },
  { ruta: 'cuerpoDocumento[].tributos[]', catalogo: 'CAT-015' },
  { ruta: 'cuerpoDocumento[].tipoDte', catalogo: 'CAT-002' },
  { ruta: 'cuerpoDocumento[].codigoRetencionMH', catalogo: 'CAT-006' },
  { ruta: 'resumen.tributos[].codigo', catalogo: 'CAT-015' },
  { ruta: 'resumen.condicionOperacion', catalogo: 'CAT-016' },
  { ruta: 'resumen.pagos[].codigo', catalogo: 'CAT-017' },
  { ruta: 'resumen.pagos[].plazo', catalogo: 'CAT-018' },
  { ruta: 'documento.tipoDte', catalogo: 'CAT-002' },
  { ruta: 'documento.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'motivo.tipoAnulacion', catalogo: 'CAT-024' },
  { ruta: 'motivo.tipDocResponsable', catalogo: 'CAT-022' },
  { ruta: 'motivo.tipDocSolicita', catalogo: 'CAT-022' },
  { ruta: 'motivo.tipoContingencia', catalogo: 'CAT-005' },
  { ruta: 'detalleDTE[].tipoDoc', catalogo: 'CAT-023' },
];

const direcciones = ['emisor.direccion', 'receptor.direccion', 'sujetoExcluido.direccion'];

/** Every value at a path, with the concrete path (`cuerpoDocumento[2].uniMedida`) MH names. */
function valores(node: unknown, ruta: string, prefijo = ''): { campo: string; valor: unknown }[] {
  const [cabeza, ...resto] = ruta.split('.');
  if (cabeza === undefined || node === null || typeof node !== 'object') return [];
  const arreglo = cabeza.endsWith('[]');
  const clave = arreglo ? cabeza.slice(0, -2) : cabeza;
  const valor = (node as Record<string, unknown>)[clave];
  const campo = prefijo ? `${prefijo}.${clave}` : clave;
  const hijos = arreglo
    ? Array.isArray(valor)
      ? valor.map((v, i) => ({ campo: `${campo}[${i}]`, valor: v }))
      : []
    : [{ campo, valor }];
  if (!resto.length) return hijos;
  return hijos.flatMap((h) => valores(h.valor, resto.join('.'), h.campo));
}

export function verificarCatalogos(documento: unknown): Hallazgo[] {
  const hallazgos: Hallazgo[] = [];
  for (const { ruta, catalogo } of reglas) {
    for (const { campo, valor } of valores(documento, ruta)) {
      if (valor !== null && valor !== undefined && !inCatalog(catalogo, valor as string))
        hallazgos.push(hallazgo('007', campo));
    }
  }
  // Item-level taxes (tipoItem 4) must come from CAT-015 section 2.
  for (const { campo, valor } of valores(documento, 'cuerpoDocumento[].codTributo')) {
    if (typeof valor === 'string' && !isTributoDeSeccion(valor, 2)) hallazgos.push(hallazgo('007', campo));
  }
  // 2024 territorial reform: municipio codes only mean something within their departamento (CAT-013 v1.2).
  for (const ruta of direcciones) {
    for (const { campo, valor } of valores(documento, ruta)) {
      const direccion = valor as { departamento?: unknown; municipio?: unknown } | null;
      if (!direccion || typeof direccion.departamento !== 'string') continue;
      if (!inCatalog('CAT-012', direccion.departamento)) hallazgos.push(hallazgo('007', `${campo}.departamento`));
      else if (!isMunicipioOf(direccion.departamento, String(direccion.municipio)))
        hallazgos.push(hallazgo('007', `${campo}.municipio`));
    }
  }
  return hallazgos;
}
