import { z } from 'zod';
import { documentKind, documentKindOfTipoDte, type DteTipo } from '../dte/document-kinds';
import { CONTINGENCIA_OTRO, type TipoContingencia } from '../dte/contingencia';
import { validationError } from '../errors';
import { parseRequest } from '../requests/parse';

/**
 * MH's certification quotas: the documents and events its test environment must accept from a taxpayer
 * before authorizing it as an emisor. Source: Manual Funcional del Sistema de Transmisión v1.2 (10/2025),
 * §X "Pruebas de Transmisión Satisfactorias Mínimas" (/work/shared/mh/docs), which MH's portal applies.
 * Taxpayers who passed in 2025 and 2026 report lower figures for some kinds (Nota de Remisión 25,
 * Factura de Exportación 25, issue 35); the manual's are kept, as the one MH text, and a campaign may
 * ask for fewer (`parsePlan`). The manual names no quota for the Evento de Retorno (18), which is
 * newer, so it is not in the plan. A correction is a line of this table (docs/api-rules.md).
 */
export const CUOTAS_CERTIFICACION = {
  FACTURA_CONSUMIDOR_FINAL: 90,
  CREDITO_FISCAL: 75,
  NOTA_REMISION: 50,
  NOTA_CREDITO: 50,
  NOTA_DEBITO: 25,
  COMPROBANTE_RETENCION: 50,
  COMPROBANTE_LIQUIDACION: 75,
  DOCUMENTO_CONTABLE_LIQUIDACION: 50,
  FACTURA_EXPORTACION: 90,
  SUJETO_EXCLUIDO: 25,
  COMPROBANTE_DONACION: 25,
} as const satisfies Partial<Record<DteTipo, number>>;

/**
 * The most documents of one kind a campaign issues: MH's largest quota (90) and room for a campaign that
 * asks for more than MH's plan (a rejected step is issued again, as a new document, beyond the plan), so a
 * TEST emisor cannot turn its campaign into a flood of MH's test environment. A choice of this service.
 */
export const MAXIMO_POR_TIPO_CERTIFICACION = 200;
/** The most events of each kind (invalidations, contingency events): MH asks for 5 of each. */
export const MAXIMO_EVENTOS_CERTIFICACION = 25;
/**
 * The fastest a campaign issues, in documents per minute (its default is RITMO_CERTIFICACION, 10). MH
 * publishes no rate for its test environment; it processes a lote of 100 DTE "en un promedio de 2 a 3
 * minutos" there (Manual Técnico de Integración v1.0, §3.4 i), 33 to 50 a minute, so a campaign stays
 * below its own pace: one document every 2 seconds at most.
 */
export const RITMO_MAXIMO_CERTIFICACION = 30;
/** A campaign's `ritmo` (POST /certificacion, `certificacion iniciar --ritmo`, the workflow's input). */
export const ritmoCertificacion = z.number().positive().max(RITMO_MAXIMO_CERTIFICACION);

/** The workflow's `ritmo` as the API checks it (a person may start the campaign from the Temporal UI). */
export function comprobarRitmo(ritmo: unknown): void {
  parseRequest(z.strictObject({ ritmo: ritmoCertificacion }), { ritmo });
}

/** The kinds MH certifies, in the order a campaign issues them (`ORIGEN_EN_CAMPANA` first). */
export type TipoCertificable = keyof typeof CUOTAS_CERTIFICACION;
export const TIPOS_CERTIFICABLES = Object.keys(CUOTAS_CERTIFICACION) as TipoCertificable[];

/**
 * The events of the same table (§X): 5 invalidations and 5 contingency events. MH's text says "5" of
 * each; the contingency events take one of each CAT-005 tipo in turn (`tipoContingenciaDe`).
 */
export const EVENTOS_CERTIFICACION = { invalidaciones: 5, contingencias: 5 } as const;

/** The kind a kind's documents adjust, which the campaign must have accepted first. */
export const ORIGEN_EN_CAMPANA: Partial<Record<TipoCertificable, TipoCertificable>> = {
  NOTA_CREDITO: 'CREDITO_FISCAL',
  NOTA_DEBITO: 'CREDITO_FISCAL',
};

/** What a campaign issues: documents per kind, invalidations and contingency events. */
export interface PlanCertificacion {
  documentos: Partial<Record<TipoCertificable, number>>;
  invalidaciones: number;
  contingencias: number;
}

/** CAT-005 has five tipos de contingencia: the campaign's i-th event (from 0) is of tipo i mod 5 + 1. */
export const tipoContingenciaDe = (indice: number): TipoContingencia => ((indice % 5) + 1) as TipoContingencia;

/**
 * What the request of the campaign's i-th contingency event's Factura adds: the rehearsal, its tipo and,
 * for 5 "Otro", the motivo MH requires (a rehearsal's tipo is reported by its event: `motivoContingenciaDe`).
 */
export function ensayoDeContingencia(indice: number) {
  const tipoContingencia = tipoContingenciaDe(indice);
  return {
    testContingencia: true,
    tipoContingencia,
    motivoContingencia: tipoContingencia === CONTINGENCIA_OTRO ? 'Ensayo de contingencia para la certificación' : null,
  };
}

const esCertificable = (tipo: DteTipo): tipo is TipoCertificable => tipo in CUOTAS_CERTIFICACION;

/**
 * MH's plan reduced to the kinds the emisor may issue (its tokens' permissions, as `DteTipo`s). Notes
 * stay only when the CCFs they adjust can be issued too.
 */
export function planPorDefecto(autorizados: readonly DteTipo[]): PlanCertificacion {
  const puede = new Set(autorizados);
  const documentos: Partial<Record<TipoCertificable, number>> = {};
  for (const tipo of TIPOS_CERTIFICABLES) {
    const origen = ORIGEN_EN_CAMPANA[tipo];
    if (puede.has(tipo) && (!origen || puede.has(origen))) documentos[tipo] = CUOTAS_CERTIFICACION[tipo];
  }
  return { documentos, ...EVENTOS_CERTIFICACION };
}

/** The plan's kinds in the order they are issued: every original before the notes that adjust it. */
export function ordenDelPlan(plan: PlanCertificacion): TipoCertificable[] {
  return TIPOS_CERTIFICABLES.filter((t) => (plan.documentos[t] ?? 0) > 0);
}

/** The CLI's keys for the events beside the CAT-002 codes of the kinds. */
const CLAVES_EVENTO = { invalidacion: 'invalidaciones', contingencia: 'contingencias' } as const;

/**
 * Parses the CLI's `--plan 01=90,03=75,invalidacion=5,contingencia=5`: CAT-002 codes (or the events)
 * with how many to issue; what it does not name is not issued. 400 VALIDATION_ERROR naming the entry
 * for a malformed one, a kind MH does not certify or the emisor may not issue, or notes without CCFs.
 */
export function parsePlan(texto: string, autorizados: readonly DteTipo[]): PlanCertificacion {
  const plan: PlanCertificacion = { documentos: {}, invalidaciones: 0, contingencias: 0 };
  const vistas = new Set<string>();
  const error = (entrada: string, message: string) =>
    validationError(`Plan inválido: ${message}`, [{ field: `plan.${entrada}`, message }]);
  const entradas = texto
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entradas.length === 0) throw error('', 'El plan está vacío: se espera p. ej. 01=90,03=75');
  for (const entrada of entradas) {
    const partes = /^([0-9A-Za-z]+)=(\d{1,5})$/.exec(entrada);
    if (!partes) throw error(entrada, `"${entrada}" no tiene la forma código=cantidad (p. ej. 01=90)`);
    const [, clave, cantidad] = partes as unknown as [string, string, string];
    const n = Number(cantidad);
    const campoEvento = CLAVES_EVENTO[clave.toLowerCase() as keyof typeof CLAVES_EVENTO];
    const nombre = campoEvento ?? clave;
    if (vistas.has(nombre)) throw error(entrada, `"${clave}" aparece dos veces`);
    vistas.add(nombre);
    if (campoEvento) {
      plan[campoEvento] = n;
      continue;
    }
    const tipo = documentKindOfTipoDte(clave)?.tipo;
    if (!tipo || !esCertificable(tipo))
      throw error(entrada, `"${clave}" no es un tipo de DTE que MH certifique (${certificablesTexto()})`);
    if (!autorizados.includes(tipo))
      throw error(entrada, `El emisor no está autorizado a emitir el DTE ${clave} (${tipo})`);
    if (n > 0) plan.documentos[tipo] = n;
  }
  for (const [tipo, origen] of Object.entries(ORIGEN_EN_CAMPANA) as [TipoCertificable, TipoCertificable][])
    if (plan.documentos[tipo] && !plan.documentos[origen])
      throw error(
        tipoDteDe(tipo),
        `Las notas (${tipoDteDe(tipo)}) ajustan CCF aceptados en la campaña: el plan debe incluir ${tipoDteDe(origen)}`,
      );
  comprobarPlan(plan, autorizados);
  return plan;
}

/**
 * The kinds whose accepted documents the campaign invalidates: every planned kind but the one its notes
 * adjust, as MH refuses to invalidate a CCF whose notes are in force (028, Manual Funcional v1.2 §XVIII).
 */
export function tiposAnulables(plan: PlanCertificacion): TipoCertificable[] {
  const ajustados = new Set(ordenDelPlan(plan).map((t) => ORIGEN_EN_CAMPANA[t]));
  return ordenDelPlan(plan).filter((t) => !ajustados.has(t));
}

/** The kind a contingency event's documents are: the one whose rehearsal (`testContingencia`) the API admits. */
export const TIPO_EN_CONTINGENCIA = 'FACTURA_CONSUMIDOR_FINAL' satisfies TipoCertificable;

/**
 * A plan as MH's test environment should get it: at most MAXIMO_POR_TIPO_CERTIFICACION documents of a kind
 * and MAXIMO_EVENTOS_CERTIFICACION events of each kind (whole numbers), and events that have their
 * documents: an invalidation one of the campaign's accepted documents (`tiposAnulables`), a contingency
 * event a Factura issued in contingencia. 400 VALIDATION_ERROR naming the entry (`plan.01`,
 * `plan.invalidacion`, `plan.contingencia`) otherwise.
 */
export function comprobarPlan(plan: PlanCertificacion, autorizados: readonly DteTipo[]): void {
  const acotado = (campo: string, que: string, n: unknown, maximo: number, cuota: number) => {
    if (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= maximo) return;
    const message = `El plan pide ${String(n)} ${que}: se admiten de 0 a ${maximo} (MH pide ${cuota})`;
    throw validationError(`Plan inválido: ${message}`, [{ field: `plan.${campo}`, message }]);
  };
  for (const tipo of TIPOS_CERTIFICABLES) {
    const n = plan.documentos[tipo];
    if (n !== undefined)
      acotado(
        tipoDteDe(tipo),
        `documentos ${tipoDteDe(tipo)}`,
        n,
        MAXIMO_POR_TIPO_CERTIFICACION,
        CUOTAS_CERTIFICACION[tipo],
      );
  }
  const { invalidaciones, contingencias } = EVENTOS_CERTIFICACION;
  acotado('invalidacion', 'invalidaciones', plan.invalidaciones, MAXIMO_EVENTOS_CERTIFICACION, invalidaciones);
  acotado('contingencia', 'eventos de contingencia', plan.contingencias, MAXIMO_EVENTOS_CERTIFICACION, contingencias);
  const anulables = tiposAnulables(plan).reduce((n, t) => n + (plan.documentos[t] ?? 0), 0);
  if (plan.invalidaciones > anulables) {
    const message = `El plan anula ${plan.invalidaciones} documentos y emite ${anulables} que se puedan anular`;
    throw validationError(`Plan inválido: ${message}`, [{ field: 'plan.invalidacion', message }]);
  }
  if (plan.contingencias > 0 && !autorizados.includes(TIPO_EN_CONTINGENCIA)) {
    const message = `Los eventos de contingencia se ensayan con Facturas (01), que el emisor no está autorizado a emitir`;
    throw validationError(`Plan inválido: ${message}`, [{ field: 'plan.contingencia', message }]);
  }
}

/** A kind or event a plan asks for fewer of than MH's quota, by the plan's key (`01`, `invalidacion`). */
export interface BajoCuota {
  clave: string;
  planificados: number;
  cuota: number;
}

/**
 * Where a plan is below MH's quotas (§X): each kind it plans and each event. A kind it leaves out is not
 * counted: MH certifies the kinds the emisor will issue, and the plan is the emisor's word for those (the
 * default plan, `planPorDefecto`, takes every kind its token may issue). What `emisor produccion` refuses
 * without a reason, and what the console warns of before a campaign starts.
 */
export function bajoCuotas(plan: PlanCertificacion): BajoCuota[] {
  const documentos = ordenDelPlan(plan)
    .map((tipo) => ({
      clave: tipoDteDe(tipo),
      planificados: plan.documentos[tipo]!,
      cuota: CUOTAS_CERTIFICACION[tipo],
    }))
    .filter((c) => c.planificados < c.cuota);
  const eventos = [
    { clave: 'invalidacion', planificados: plan.invalidaciones, cuota: EVENTOS_CERTIFICACION.invalidaciones },
    { clave: 'contingencia', planificados: plan.contingencias, cuota: EVENTOS_CERTIFICACION.contingencias },
  ].filter((c) => c.planificados < c.cuota);
  return [...documentos, ...eventos];
}

const tipoDteDe = (tipo: TipoCertificable) => documentKind(tipo).tipoDte;

const certificablesTexto = () => TIPOS_CERTIFICABLES.map(tipoDteDe).join(', ');
