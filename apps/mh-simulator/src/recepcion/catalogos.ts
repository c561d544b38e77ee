import {
  inCatalog,
  isDistritoOf,
  isDistritoOfMunicipio,
  isMunicipioAnterior2024,
  isMunicipioOf,
  isTributoDeSeccion,
  type CatalogId,
  type EdicionCatalogo,
  type Generacion,
} from '@dte/domain';
import { hallazgo, type Hallazgo } from '../respuesta';

/**
 * Codes the schemas leave open (or only pattern-check) but MH checks against its catalogs: a value outside
 * them is answered 007 VALOR NO ES PERMITIDO. Paths use `[]` for "every element"; one table serves every
 * DTE and event because absent fields are simply not there to check. A document of the 2026 generation is
 * read against the 2026 edition where it differs (CAT-002 adds the events 17 and 18, CAT-027 two recintos,
 * CAT-028 writes the régimen "1000.000" where v1.2 wrote "EX-1.1000.000"), v1.2 elsewhere; `en2026` names
 * the catalog a field moved to, and `solo2026` a field the 2023 schemas fill with another code system (the
 * country of fe-fex-v1 and fe-cd-v1 is a numeric code their schemas enumerate).
 */
const reglas: { ruta: string; catalogo: CatalogId; en2026?: CatalogId; solo2026?: true }[] = [
  { ruta: 'identificacion.tipoContingencia', catalogo: 'CAT-005' },
  { ruta: 'documentoRelacionado[].tipoDocumento', catalogo: 'CAT-002' },
  { ruta: 'documentoRelacionado[].tipoGeneracion', catalogo: 'CAT-007' },
  { ruta: 'emisor.codActividad', catalogo: 'CAT-019' },
  { ruta: 'emisor.tipoEstablecimiento', catalogo: 'CAT-009' },
  { ruta: 'emisor.tipoDocResponsable', catalogo: 'CAT-022' },
  // The Factura de Exportación keeps what is exported in its emisor section.
  { ruta: 'emisor.recintoFiscal', catalogo: 'CAT-027' },
  { ruta: 'emisor.regimen', catalogo: 'CAT-028' },
  { ruta: 'emisor.tipoRegimen', catalogo: 'CAT-033' },
  { ruta: 'receptor.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'receptor.codActividad', catalogo: 'CAT-019' },
  { ruta: 'receptor.tipoEstablecimiento', catalogo: 'CAT-009' },
  { ruta: 'receptor.bienTitulo', catalogo: 'CAT-025' },
  { ruta: 'receptor.tipoPersona', catalogo: 'CAT-029' },
  { ruta: 'receptor.codDomiciliado', catalogo: 'CAT-032' },
  { ruta: 'receptor.codPais', catalogo: 'CAT-020', solo2026: true },
  { ruta: 'sujetoExcluido.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'sujetoExcluido.codActividad', catalogo: 'CAT-019' },
  // fe-cd-v1 names the donor `donante` (fe-cd-v2: `receptor`).
  { ruta: 'donante.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'donante.codActividad', catalogo: 'CAT-019' },
  { ruta: 'donante.codDomiciliado', catalogo: 'CAT-032' },
  { ruta: 'otrosDocumentos[].codDocAsociado', catalogo: 'CAT-021' },
  { ruta: 'cuerpoDocumento[].tipoItem', catalogo: 'CAT-011' },
  { ruta: 'cuerpoDocumento[].uniMedida', catalogo: 'CAT-014' },
  { ruta: 'cuerpoDocumento[].tributos[]', catalogo: 'CAT-015' },
  { ruta: 'cuerpoDocumento[].tipoDte', catalogo: 'CAT-002' },
  { ruta: 'cuerpoDocumento[].tipoGeneracion', catalogo: 'CAT-007' },
  { ruta: 'cuerpoDocumento[].tipoDoc', catalogo: 'CAT-007' },
  { ruta: 'cuerpoDocumento[].codigoRetencionMH', catalogo: 'CAT-006' },
  { ruta: 'cuerpoDocumento[].tipoDonacion', catalogo: 'CAT-026' },
  { ruta: 'resumen.tributos[].codigo', catalogo: 'CAT-015' },
  { ruta: 'resumen.condicionOperacion', catalogo: 'CAT-016' },
  { ruta: 'resumen.pagos[].codigo', catalogo: 'CAT-017' },
  { ruta: 'resumen.pagos[].plazo', catalogo: 'CAT-018' },
  { ruta: 'resumen.codigoRetencionMH', catalogo: 'CAT-006' },
  { ruta: 'resumen.codIncoterms', catalogo: 'CAT-031' },
  { ruta: 'documento.tipoDte', catalogo: 'CAT-002' },
  { ruta: 'documento.tipoDocumento', catalogo: 'CAT-022' },
  { ruta: 'documento.codPais', catalogo: 'CAT-020', solo2026: true },
  { ruta: 'motivo.tipoAnulacion', catalogo: 'CAT-024' },
  { ruta: 'motivo.tipDocResponsable', catalogo: 'CAT-022' },
  { ruta: 'motivo.tipDocSolicita', catalogo: 'CAT-022' },
  { ruta: 'motivo.tipoContingencia', catalogo: 'CAT-005' },
  // CAT-023 listed the types MH takes in contingency; in 2026 it became "Operaciones Especiales" and the
  // v4 event names any DTE type (the 2026 schemas admit contingency for 07 and the Retorno too).
  { ruta: 'detalleDTE[].tipoDoc', catalogo: 'CAT-023', en2026: 'CAT-002' },
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

/** `generacion` is the document's, as `generacionDe` reads its type and version. */
export function verificarCatalogos(documento: unknown, generacion: Generacion): Hallazgo[] {
  const edicion: EdicionCatalogo = generacion === '2026' ? '2026' : '1.2';
  const hallazgos: Hallazgo[] = [];
  for (const { ruta, catalogo, en2026, solo2026 } of reglas) {
    if (solo2026 && edicion !== '2026') continue;
    const id = edicion === '2026' ? (en2026 ?? catalogo) : catalogo;
    for (const { campo, valor } of valores(documento, ruta)) {
      if (valor !== null && valor !== undefined && !inCatalog(id, valor as string, edicion))
        hallazgos.push(hallazgo('007', campo));
    }
  }
  // Item-level taxes (tipoItem 4) must come from CAT-015 section 2.
  for (const { campo, valor } of valores(documento, 'cuerpoDocumento[].codTributo')) {
    if (typeof valor === 'string' && !isTributoDeSeccion(valor, 2)) hallazgos.push(hallazgo('007', campo));
  }
  // 2024 territorial reform: municipio codes only mean something within their departamento (CAT-013 v1.2),
  // and so do the 2026 schemas' distritos (CAT-008, the pre-2024 municipios), each in one 2024 municipio:
  // MH's 2026 annexes require the three to correspond. A distrito outside its municipio is a catalog value
  // not permitted there, 007 like one outside its departamento; 026/027 compare values with each other or
  // with a related DTE. A 2023-generation document may still carry a pre-2024 municipio, as MH took
  // through 2025 (see isMunicipioAnterior2024).
  for (const ruta of direcciones) {
    for (const { campo, valor } of valores(documento, ruta)) {
      const direccion = valor as { departamento?: unknown; municipio?: unknown; distrito?: unknown } | null;
      if (!direccion || typeof direccion.departamento !== 'string') continue;
      if (!inCatalog('CAT-012', direccion.departamento)) {
        hallazgos.push(hallazgo('007', `${campo}.departamento`));
        continue;
      }
      const municipio = String(direccion.municipio);
      const anterior = generacion === '2023' && isMunicipioAnterior2024(direccion.departamento, municipio);
      const municipioValido = anterior || isMunicipioOf(direccion.departamento, municipio);
      if (!municipioValido) hallazgos.push(hallazgo('007', `${campo}.municipio`));
      if (typeof direccion.distrito !== 'string') continue;
      if (
        !isDistritoOf(direccion.departamento, direccion.distrito) ||
        (municipioValido && !isDistritoOfMunicipio(direccion.departamento, municipio, direccion.distrito))
      )
        hallazgos.push(hallazgo('007', `${campo}.distrito`));
    }
  }
  return hallazgos;
}
