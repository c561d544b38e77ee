import { defineQuery, defineSignal } from '@temporalio/workflow';
import type { ContribuyenteRegistrado, PlanCertificacion, TipoCertificable } from '@dte/domain';
import type { Issuer } from './emision';
import { defineWorkflow } from './workflow';

/** The kinds MH certifies, for the workflow (which imports no domain code). */
export type { TipoCertificable };

export type EstadoCampana = 'EN_CURSO' | 'PAUSADA' | 'COMPLETA' | 'CANCELADA';

/** How far a kind (or an event) of the plan is. */
export interface AvanceCertificacion {
  planificados: number;
  /** Sealed by MH, each counted once. */
  aceptados: number;
  rechazados: number;
  /** Sent and not yet answered (0 or 1: the campaign issues one at a time). */
  enCurso: number;
}

/** MH's last rejection, at which the campaign paused: what a person must fix before `reanudar`. */
export interface RechazoCertificacion {
  /** The kind (`TipoCertificable`), `INVALIDACION` or `CONTINGENCIA`. */
  paso: string;
  /** The rejected document's (or event's) codigoGeneracion. */
  codigoGeneracion: string;
  codigoMsg: string | null;
  descripcionMsg: string | null;
  observaciones: string[];
}

export interface CertificacionEstado {
  emisorId: number;
  estado: EstadoCampana;
  documentos: Partial<Record<TipoCertificable, AvanceCertificacion>>;
  invalidaciones: AvanceCertificacion;
  contingencias: AvanceCertificacion;
  /** Documents MH requires beside an invalidation of tipo 1 or 3 (accepted, so MH counts them too). */
  reemplazos: number;
  ultimoRechazo: RechazoCertificacion | null;
  /** Documents per minute. */
  ritmo: number;
}

/** A document the campaign got accepted: its index for the generator and its codigoGeneracion. */
export interface DocumentoCampana {
  indice: number;
  codigoGeneracion: string;
}

/** The state a run hands over when its history grows long (continue-as-new). */
export interface CertificacionContinuacion {
  estado: CertificacionEstado;
  /** The kinds in the order they are issued, and those whose documents are invalidated. */
  orden: TipoCertificable[];
  anulables: TipoCertificable[];
  /** The steps done, in the campaign's order. */
  hechos: number;
  /** The plan's accepted documents by kind (notes adjust its CCFs, invalidations take the others). */
  aceptados: Partial<Record<TipoCertificable, DocumentoCampana[]>>;
  /** Documents issued beyond the plan by kind (replacements, contingencia), so each gets a new index. */
  extras: Partial<Record<TipoCertificable, number>>;
  /** The replacement issued for an invalidation (by its index), kept when the invalidation is tried again. */
  reemplazos: Record<number, string>;
}

/** Documents per minute when none is asked for: one every 6 seconds, gentle on MH's test environment. */
export const RITMO_CERTIFICACION = 10;

export interface CertificacionInput {
  emisorId: number;
  /** Who issues the campaign's documents: the token it was started with. */
  issuer: Issuer;
  plan: PlanCertificacion;
  ritmo: number;
  /** The generator's seed: the same seed gives the same documents. */
  semilla: string;
  /** Registered taxpayers to issue the contribuyente documents to (kept on the campaign's record). */
  contribuyentes?: ContribuyenteRegistrado[];
  continuacion?: CertificacionContinuacion;
}

/**
 * An emisor's certification campaign in MH's test environment: it issues the plan's documents and events
 * through the normal issuance and invalidation workflows, at `ritmo`, and pauses at MH's first rejection.
 * One per emisor.
 */
export const Certificacion = {
  ...defineWorkflow<(input: CertificacionInput) => Promise<CertificacionEstado>>('CertificacionWorkflow'),
  workflowId: (emisorId: number) => `certificacion-${emisorId}`,
  estado: defineQuery<CertificacionEstado>('estado'),
  /** After a rejection (the emisor fixed its data): the rejected step is issued again, as a new document. */
  reanudar: defineSignal('reanudar'),
  /** A person's pause: PAUSADA after the step in flight, until `reanudar` (the campaign goes on) or `cancelar`. */
  pausar: defineSignal('pausar'),
  /** Ends the campaign after the step in flight; what MH accepted stays accepted. */
  cancelar: defineSignal('cancelar'),
};

/**
 * Prints the campaign's record (GET /certificacion/informe?formato=pdf) with the worker's Chromium pool and
 * stores it; answers its storage key. The record changes while the campaign runs, so each request runs one.
 */
export const RenderInformeCertificacion = {
  ...defineWorkflow<(input: { emisorId: number }) => Promise<string>>('RenderInformeCertificacionWorkflow'),
  workflowId: (id: string) => `informe-certificacion-${id}`,
};
