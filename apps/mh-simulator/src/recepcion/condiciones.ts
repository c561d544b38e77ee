import { salarioMinimoComercio } from '@dte/domain';
import { hallazgo, type Hallazgo } from '../respuesta';

/**
 * MH's conditional rules on a document's own fields: the if/then of the 2023 schemas, which the 2026
 * schemas dropped (MH checks them in code since), and the Manual Funcional's rules of filling. A 2023
 * document meets most of them first as a schema violation (096); these answer what the 2026 schemas let
 * through.
 *
 * Which code MH answers for a rule its 2026 schemas no longer state is not published. The simulator answers
 * with the code of MH's table whose text says what is wrong (Manual Técnico p.25): 005 DEBE PROPORCIONAR UN
 * VALOR for a missing value, 024 VALOR EN CAMPO NO APLICA for one the condition excludes, 007 VALOR NO ES
 * PERMITIDO for a catalog code the condition does not permit, 003 VALOR NO VALIDO for another value, 006
 * FORMATO NO VALIDO for a malformed identity number.
 */

type Json = Record<string, unknown>;

const objeto = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const arreglo = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const falta = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * A line that is a tributo (CAT-011 tipoItem 4) names it in codTributo (CAT-015 §2) in the unit 99; no other
 * line has a codTributo (fe-fc-v1, fe-ccf-v3, fe-nr/nc/nd-v3 items' if/then; Manual Funcional §XIII, section 2).
 */
function lineasDeTributo(dte: Json): Hallazgo[] {
  return arreglo(dte.cuerpoDocumento).flatMap((linea, i) => {
    if (!('codTributo' in linea)) return [];
    const campo = (f: string) => `cuerpoDocumento[${i}].${f}`;
    if (linea.tipoItem !== 4) return falta(linea.codTributo) ? [] : [hallazgo('024', campo('codTributo'))];
    return [
      ...(falta(linea.codTributo) ? [hallazgo('005', campo('codTributo'))] : []),
      ...(linea.uniMedida === 99 ? [] : [hallazgo('007', campo('uniMedida'))]),
    ];
  });
}

/** Crédito (CAT-016 2) states each payment's plazo and periodo (the 2023 schemas' resumen if/then; §XIX). */
function pagosACredito(dte: Json): Hallazgo[] {
  const resumen = objeto(dte.resumen);
  if (resumen?.condicionOperacion !== 2) return [];
  return arreglo(resumen.pagos).flatMap((pago, i) =>
    (['plazo', 'periodo'] as const)
      .filter((f) => falta(pago[f]))
      .map((f) => hallazgo('005', `resumen.pagos[${i}].${f}`)),
  );
}

/** Contingency of CAT-005 type 5 ("Otro") says why (every 2023 schema; Manual Funcional §IX). */
function motivoDeContingencia(dte: Json): Hallazgo[] {
  const identificacion = objeto(dte.identificacion);
  if (identificacion?.tipoContingencia !== 5) return [];
  // fe-fex-v1 spells it motivoContigencia.
  const campo = 'motivoContigencia' in identificacion ? 'motivoContigencia' : 'motivoContin';
  return falta(identificacion[campo]) ? [hallazgo('005', `identificacion.${campo}`)] : [];
}

/**
 * A Factura from three monthly minimum wages of commerce and services names its consumer (tipoDocumento,
 * numDocumento, nombre): the law fe-fc-v1's schema encoded as $1,095.00 (3 × the $365 of 2021, a schema
 * rule), which fe-f-v2 leaves to MH's code at the wage in force on fecEmi ($1,226.40 since June 2025).
 */
function consumidorIdentificado(tipoDte: string, version: number, dte: Json): Hallazgo[] {
  if (tipoDte !== '01' || version < 2) return [];
  const monto = objeto(dte.resumen)?.montoTotalOperacion;
  const fecEmi = String(objeto(dte.identificacion)?.fecEmi);
  const umbral = salarioMinimoComercio(fecEmi).times(3);
  if (typeof monto !== 'number' || umbral.gt(monto)) return [];
  const receptor = objeto(dte.receptor) ?? {};
  return (['tipoDocumento', 'numDocumento', 'nombre'] as const)
    .filter((f) => falta(receptor[f]))
    .map((f) => hallazgo('005', `receptor.${f}`));
}

/**
 * What an export is (fe-fex-v1's enum and emisor if/then, kept by MH for v3): tipoItemExpor 1 goods, 2
 * services, 3 both; a services export leaves through no recinto fiscal under no régimen.
 */
function exportacion(tipoDte: string, dte: Json): Hallazgo[] {
  const emisor = objeto(dte.emisor);
  if (tipoDte !== '11' || !emisor) return [];
  if (![1, 2, 3].includes(emisor.tipoItemExpor as number)) return [hallazgo('007', 'emisor.tipoItemExpor')];
  if (emisor.tipoItemExpor !== 2) return [];
  return (['recintoFiscal', 'regimen'] as const)
    .filter((f) => !falta(emisor[f]))
    .map((f) => hallazgo('024', `emisor.${f}`));
}

/**
 * The Comprobante de Donación (Manual Funcional §XX and §XV; fe-cd-v1's if/then): cash (CAT-026 1) is one
 * unit of 99 without depreciation, a service (3) is in 99 without depreciation; a domiciled donor (CAT-032 1)
 * has its address, one not domiciled (2) neither address nor activity of El Salvador; the associated
 * documents are the donatario's (1) or the donor's (2), at least one the donatario's qualification.
 */
function donacion(tipoDte: string, dte: Json): Hallazgo[] {
  if (tipoDte !== '15') return [];
  const hallazgos: Hallazgo[] = [];
  arreglo(dte.cuerpoDocumento).forEach((linea, i) => {
    const campo = (f: string) => `cuerpoDocumento[${i}].${f}`;
    if (linea.tipoDonacion !== 1 && linea.tipoDonacion !== 3) return;
    if (linea.uniMedida !== 99) hallazgos.push(hallazgo('007', campo('uniMedida')));
    // fe-cd-v2 renamed depreciacion tipoDepreciacion.
    const depreciacion = 'tipoDepreciacion' in linea ? 'tipoDepreciacion' : 'depreciacion';
    if (linea[depreciacion] !== 0) hallazgos.push(hallazgo('003', campo(depreciacion)));
    if (linea.tipoDonacion === 1 && linea.cantidad !== 1) hallazgos.push(hallazgo('003', campo('cantidad')));
  });
  const seccion = 'donante' in dte ? 'donante' : 'receptor';
  const donante = objeto(dte[seccion]);
  if (donante?.codDomiciliado === 1 && falta(donante.direccion))
    hallazgos.push(hallazgo('005', `${seccion}.direccion`));
  if (donante?.codDomiciliado === 2)
    for (const f of ['direccion', 'codActividad', 'descActividad'])
      if (!falta(donante[f])) hallazgos.push(hallazgo('024', `${seccion}.${f}`));
  const asociados = arreglo(dte.otrosDocumentos);
  asociados.forEach((d, i) => {
    if (d.codDocAsociado !== 1 && d.codDocAsociado !== 2)
      hallazgos.push(hallazgo('007', `otrosDocumentos[${i}].codDocAsociado`));
  });
  if (!asociados.some((d) => d.codDocAsociado === 1)) hallazgos.push(hallazgo('005', 'otrosDocumentos'));
  return hallazgos;
}

/** A liquidation whose total is 0 is contado (fe-cl-v1's resumen if/then). */
function liquidacionEnCero(tipoDte: string, dte: Json): Hallazgo[] {
  const resumen = objeto(dte.resumen);
  if (tipoDte !== '08' || resumen?.total !== 0 || resumen.condicionOperacion === 1) return [];
  return [hallazgo('007', 'resumen.condicionOperacion')];
}

/** The conditional rules of a DTE valid against the schema of its type and version. */
export function verificarCondiciones(tipoDte: string, version: number, dte: Json): Hallazgo[] {
  return [
    ...motivoDeContingencia(dte),
    ...lineasDeTributo(dte),
    ...pagosACredito(dte),
    ...consumidorIdentificado(tipoDte, version, dte),
    ...exportacion(tipoDte, dte),
    ...donacion(tipoDte, dte),
    ...liquidacionEnCero(tipoDte, dte),
    ...verificarIdentificaciones(dte),
  ];
}

/**
 * Identity numbers by their CAT-022 type, as MH's schemas pattern them where they do (fe-fc-v1, fe-fse-v1,
 * fe-cr-v1 receptors): a DUI (13) is 9 digits (FE v1 and FEX v1 print it ########-#), a NIT (36) 14 or 9.
 * The 2026 schemas dropped the patterns; MH's registry still holds the numbers so.
 */
const FORMATOS: Readonly<Record<string, RegExp>> = { '13': /^[0-9]{8}-?[0-9]$/, '36': /^([0-9]{14}|[0-9]{9})$/ };

/** Where a document or event names a person by type and number. */
const IDENTIFICACIONES = [
  ['receptor.tipoDocumento', 'receptor.numDocumento'],
  ['sujetoExcluido.tipoDocumento', 'sujetoExcluido.numDocumento'],
  ['donante.tipoDocumento', 'donante.numDocumento'],
  ['documento.tipoDocumento', 'documento.numDocumento'],
  ['motivo.tipDocResponsable', 'motivo.numDocResponsable'],
  ['motivo.tipDocSolicita', 'motivo.numDocSolicita'],
  ['emisor.tipoDocResponsable', 'emisor.numeroDocResponsable'],
] as const;

const en = (dte: Json, ruta: string): unknown =>
  ruta.split('.').reduce<unknown>((nodo, clave) => objeto(nodo)?.[clave], dte);

/** 006 for a DUI or NIT whose number has not its shape; DTEs and events alike. */
export function verificarIdentificaciones(documento: Json): Hallazgo[] {
  return IDENTIFICACIONES.flatMap(([tipo, numero]) => {
    const formato = FORMATOS[String(en(documento, tipo))];
    const valor = en(documento, numero);
    return formato && typeof valor === 'string' && !formato.test(valor) ? [hallazgo('006', numero)] : [];
  });
}
