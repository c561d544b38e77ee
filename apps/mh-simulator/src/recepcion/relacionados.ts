import { hallazgo, type Hallazgo } from '../respuesta';
import type { Store } from '../store';

/**
 * The documents a DTE relates to (Manual Funcional v1.2 §XIV, "Uso de la Sección Documentos Relacionados"),
 * which MH checks whatever the schema generation: the 2023 schemas enumerate what each kind may relate
 * (and how an electronic one is numbered), the 2026 schemas dropped those enums and patterns and leave them
 * to MH's code.
 */

type Json = Record<string, unknown>;

const UUID = /^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/;

/**
 * What each kind relates, by CAT-002: the enums of fe-fc-v1 (04, 09), fe-ccf-v3 (04, 08, 09), fe-nr-v3 (01,
 * 03), fe-nc-v3 and fe-nd-v3 (03, 07); the retorno (fe-eret-v1, 2026 only) returns a Factura or an FSE.
 * Another code of CAT-002 is a value not permitted there: 007.
 */
const RELACIONABLES: Readonly<Record<string, readonly string[]>> = {
  '01': ['04', '09'],
  '03': ['04', '08', '09'],
  '04': ['01', '03'],
  '05': ['03', '07'],
  '06': ['03', '07'],
  '18': ['01', '14'],
};

/** What a line relates where each line names one document: the CR's (fe-cr-v1) and the CL's (fe-cl-v1). */
const LINEAS_RELACIONABLES: Readonly<Record<string, readonly string[]>> = {
  '07': ['01', '03', '14'],
  '08': ['01', '03', '05', '06', '11'],
};

/**
 * The kinds whose electronic related documents are the emisor's own, which MH holds: a note adjusts the
 * emisor's CCF (or CR), a retorno gives back goods of its Factura or FSE. §XIV, note 1: "deberán encontrarse
 * activos y contar con sello de recepción" (a CCF or FE may also relate another taxpayer's DCL, possibly not
 * yet transmitted, note 2; a remisión's sales need not be the emisor's). Unknown for the emisor: 014;
 * invalidated: 015; of another kind than the section says: 027.
 */
const PROPIOS_Y_SELLADOS = new Set(['05', '06', '18']);

interface Relacionado {
  i: number;
  tipoDocumento: unknown;
  /** The codigoGeneracion of an electronic document, its number on paper. */
  numero: unknown;
  electronico: boolean;
  campoNumero: string;
}

function relacionadosDe(dte: Json): Relacionado[] {
  const seccion = dte.documentoRelacionado;
  if (!Array.isArray(seccion)) return [];
  return (seccion as Json[]).map((r, i) =>
    // The retorno names its document by codigoGeneracion (always electronic); the DTEs by tipoGeneracion.
    'codigoGeneracion' in r
      ? {
          i,
          tipoDocumento: r.tipoDocumento,
          numero: r.codigoGeneracion,
          electronico: true,
          campoNumero: 'codigoGeneracion',
        }
      : {
          i,
          tipoDocumento: r.tipoDocumento,
          numero: r.numeroDocumento,
          electronico: r.tipoGeneracion === 2,
          campoNumero: 'numeroDocumento',
        },
  );
}

/**
 * An electronic document is named by its codigoGeneracion (§XIV field 3; the 2023 schemas' if/then on
 * tipoGeneracion 2): in the related section, and on the lines of the CR and the CL, which relate one
 * document each. Otherwise 006.
 */
function numerosElectronicos(dte: Json, relacionados: Relacionado[]): Hallazgo[] {
  const hallazgos = relacionados
    .filter((r) => r.electronico && !UUID.test(String(r.numero)))
    .map((r) => hallazgo('006', `documentoRelacionado[${r.i}].${r.campoNumero}`));
  const lineas = Array.isArray(dte.cuerpoDocumento) ? (dte.cuerpoDocumento as Json[]) : [];
  lineas.forEach((linea, i) => {
    // CR v1 calls them tipoDoc and numDocumento; CR v2 and the CL tipoGeneracion and numeroDocumento.
    const tipo = linea.tipoGeneracion ?? linea.tipoDoc;
    const campo = 'numeroDocumento' in linea ? 'numeroDocumento' : 'numDocumento';
    if (tipo === 2 && 'tipoDte' in linea && !UUID.test(String(linea[campo])))
      hallazgos.push(hallazgo('006', `cuerpoDocumento[${i}].${campo}`));
  });
  return hallazgos;
}

/** §XIV: up to 50 documents "del mismo tipo"; a second type is 026 NO SE PERMITEN VALORES DIFERENTES. */
function unMismoTipo(relacionados: Relacionado[]): Hallazgo[] {
  const primero = relacionados[0]?.tipoDocumento;
  return relacionados
    .filter((r) => r.tipoDocumento !== primero)
    .map((r) => hallazgo('026', `documentoRelacionado[${r.i}].tipoDocumento`));
}

/**
 * §XIV: the body details, line by line, which related document each line informs or adjusts (its
 * `numeroDocumento`, which the notes' schemas require and the remisión's allows); a line naming none of them
 * does not coincide with the DTE's related documents (027).
 */
function lineasDeRelacionados(tipoDte: string, dte: Json, relacionados: Relacionado[]): Hallazgo[] {
  if (!['04', '05', '06'].includes(tipoDte) || !Array.isArray(dte.cuerpoDocumento)) return [];
  const numeros = new Set(relacionados.map((r) => String(r.numero)));
  return (dte.cuerpoDocumento as Json[]).flatMap((linea, i) => {
    const numero = linea.numeroDocumento;
    if (numero === null || numero === undefined || numeros.has(String(numero))) return [];
    return [hallazgo('027', `cuerpoDocumento[${i}].numeroDocumento`)];
  });
}

async function enMh(
  store: Store,
  nitEmisor: string,
  tipoDte: string,
  relacionados: Relacionado[],
): Promise<Hallazgo[]> {
  if (!PROPIOS_Y_SELLADOS.has(tipoDte)) return [];
  const hallazgos: Hallazgo[] = [];
  for (const r of relacionados.filter((r) => r.electronico && UUID.test(String(r.numero)))) {
    const original = await store.documentos.porCodigo(String(r.numero));
    const campo = `documentoRelacionado[${r.i}]`;
    if (original?.nitEmisor !== nitEmisor) hallazgos.push(hallazgo('014', `${campo}.${r.campoNumero}`));
    else if (original.estado === 'INVALIDADO') hallazgos.push(hallazgo('015', `${campo}.${r.campoNumero}`));
    else if (original.tipoDte !== r.tipoDocumento) hallazgos.push(hallazgo('027', `${campo}.tipoDocumento`));
  }
  return hallazgos;
}

/** The rules of the related documents MH checks without its records. */
export function reglasDeRelacionados(tipoDte: string, dte: Json): Hallazgo[] {
  const relacionados = relacionadosDe(dte);
  const permitidos = RELACIONABLES[tipoDte];
  const tipos = permitidos
    ? relacionados
        .filter((r) => !permitidos.includes(String(r.tipoDocumento)))
        .map((r) => hallazgo('007', `documentoRelacionado[${r.i}].tipoDocumento`))
    : [];
  const deLinea = LINEAS_RELACIONABLES[tipoDte];
  const lineas = Array.isArray(dte.cuerpoDocumento) ? (dte.cuerpoDocumento as Json[]) : [];
  if (deLinea)
    lineas.forEach((linea, i) => {
      if (linea.tipoDte != null && !deLinea.includes(String(linea.tipoDte)))
        tipos.push(hallazgo('007', `cuerpoDocumento[${i}].tipoDte`));
    });
  return [
    ...tipos,
    ...unMismoTipo(relacionados),
    ...numerosElectronicos(dte, relacionados),
    ...lineasDeRelacionados(tipoDte, dte, relacionados),
  ];
}

/** Every rule of the related documents, those against MH's records too, for a schema-valid DTE. */
export async function verificarRelacionados(
  store: Store,
  nitEmisor: string,
  tipoDte: string,
  dte: Json,
): Promise<Hallazgo[]> {
  const reglas = reglasDeRelacionados(tipoDte, dte);
  // A related document of a kind the DTE cannot relate is not looked up.
  const deTipoAjeno = reglas.some((h) => h.codigoMsg === '007' && h.campo.startsWith('documentoRelacionado'));
  return [...reglas, ...(deTipoAjeno ? [] : await enMh(store, nitEmisor, tipoDte, relacionadosDe(dte)))];
}
