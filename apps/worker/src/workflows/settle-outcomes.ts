import type { SettleOutcomes, SettleOutcomesResult, WorkflowFn } from '@dte/contract';
import { settle } from './delivery';
import { databaseSteps, mhConsulta } from './policies';

/**
 * Run by the `SettleOutcomes` schedule: each PENDIENTE document nobody waits for any more is asked
 * about at MH; one MH accepted is recorded with its sello, stored and delivered, as its own workflow
 * would have done.
 */
export const SettleOutcomesWorkflow: WorkflowFn<typeof SettleOutcomes> = async (input) => {
  const result: SettleOutcomesResult = { procesados: [], desconocidosEnMh: [], sinRespuesta: [] };
  for (const codigoGeneracion of await databaseSteps.findUnknownOutcomes(input)) {
    const outcome = await mhConsulta
      .consultUnknownOutcome(codigoGeneracion)
      .catch(() => ({ mhAnswered: false }) as const);
    if (!outcome.mhAnswered) {
      result.sinRespuesta.push(codigoGeneracion);
      continue;
    }
    if (!outcome.aceptado) {
      result.desconocidosEnMh.push(codigoGeneracion);
      continue;
    }
    await settle(codigoGeneracion, { result: 'PROCESADO', respuesta: outcome.aceptado });
    result.procesados.push(codigoGeneracion);
  }
  return result;
};
