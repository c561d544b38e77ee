import type { AmbienteCode } from '../../emisor';
import { validationError } from '../../errors';
import { inCatalog } from '../../mh/catalogs';
import type { BuildContext } from '../documento';

export interface Identificacion {
  version: number;
  ambiente: AmbienteCode;
  tipoDte: string;
  numeroControl: string;
  codigoGeneracion: string;
  tipoModelo: 1 | 2;
  tipoOperacion: 1 | 2;
  tipoContingencia: number | null;
  motivoContin: string | null;
  fecEmi: string;
  horEmi: string;
  tipoMoneda: 'USD';
}

/** CAT-023 lists the DTE types MH accepts issued in contingency. */
export function permiteContingencia(tipoDte: string): boolean {
  return inCatalog('CAT-023', tipoDte);
}

/**
 * A document issued in contingency is "diferido" (tipoModelo 2) and transmitted as contingency
 * (tipoOperacion 2), with its CAT-005 reason; otherwise it is "previo" and normal (1/1).
 */
export function identificacion(ctx: BuildContext, tipoDte: string, version: number): Identificacion {
  const contingencia = ctx.contingencia ?? null;
  if (contingencia && !permiteContingencia(tipoDte))
    throw validationError(`MH no admite el DTE ${tipoDte} en contingencia (CAT-023)`, [
      { field: 'contingencia', message: `El DTE ${tipoDte} no se puede emitir en contingencia` },
    ]);
  return {
    version,
    ambiente: ctx.ambiente,
    tipoDte,
    numeroControl: ctx.numeroControl,
    codigoGeneracion: ctx.codigoGeneracion,
    tipoModelo: contingencia ? 2 : 1,
    tipoOperacion: contingencia ? 2 : 1,
    tipoContingencia: contingencia?.tipoContingencia ?? null,
    motivoContin: contingencia?.motivoContin ?? null,
    fecEmi: ctx.fecEmi,
    horEmi: ctx.horEmi,
    tipoMoneda: 'USD',
  };
}
