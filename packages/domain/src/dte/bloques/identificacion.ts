import type { AmbienteCode } from '../../emisor';
import { validationError } from '../../errors';
import { admiteContingencia } from '../../mh/schemas';
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

/**
 * A document issued in contingency is "diferido" (tipoModelo 2) and transmitted as contingency
 * (tipoOperacion 2), with its CAT-005 reason; otherwise it is "previo" and normal (1/1). These fields
 * are common to every DTE and to the Evento de Retorno, which names its type `tipoEvento`.
 */
export function identificacionComun(ctx: BuildContext, tipo: string, version: number) {
  const contingencia = ctx.contingencia ?? null;
  if (contingencia && !admiteContingencia(tipo, version))
    throw validationError(`MH no admite el DTE ${tipo} v${version} en contingencia`, [
      { field: 'contingencia', message: `El DTE ${tipo} no se puede emitir en contingencia` },
    ]);
  return {
    version,
    ambiente: ctx.ambiente,
    codigoGeneracion: ctx.codigoGeneracion,
    tipoModelo: (contingencia ? 2 : 1) as 1 | 2,
    tipoOperacion: (contingencia ? 2 : 1) as 1 | 2,
    tipoContingencia: contingencia?.tipoContingencia ?? null,
    motivoContin: contingencia?.motivoContin ?? null,
    fecEmi: ctx.fecEmi,
    horEmi: ctx.horEmi,
    tipoMoneda: 'USD' as const,
  };
}

/**
 * The identificacion of the DTEs MH never takes in contingency (CL, DCL and CD: tipoModelo and
 * tipoOperacion are const 1 in their schemas, which have no tipoContingencia nor motivoContin). A
 * contingency context is refused by `identificacionComun`.
 */
export function identificacionSinContingencia(ctx: BuildContext, tipoDte: '08' | '09' | '15', version: number) {
  const { tipoContingencia: _tipo, motivoContin: _motivo, ...resto } = identificacion(ctx, tipoDte, version);
  return { ...resto, tipoModelo: 1 as const, tipoOperacion: 1 as const };
}

/** The identificacion of a DTE (every type but the retorno): numbered by its numeroControl. */
export function identificacion(ctx: BuildContext, tipoDte: string, version: number): Identificacion {
  // MH's field order: tipoDte and numeroControl come right after ambiente.
  const { version: _v, ambiente, ...resto } = identificacionComun(ctx, tipoDte, version);
  return { version, ambiente, tipoDte, numeroControl: ctx.numeroControl, ...resto };
}
