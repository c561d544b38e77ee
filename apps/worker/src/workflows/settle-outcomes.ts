import { proxyActivities } from '@temporalio/workflow';
import type { SettleOutcomesInput, SettleOutcomesResult } from '@dte/domain/workflow-contract';
import { deliverDocument, steps, type Activities } from './shared';

// One consult at MH's 8-second timeout; an MH that does not answer is asked again by the next run.
const consulta = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

/**
 * Run by the `SettleOutcomes` schedule: each PENDIENTE document nobody waits for any more is asked
 * about at MH; one MH accepted is recorded with its sello, stored and delivered, as its own workflow
 * would have done.
 */
export async function SettleOutcomesWorkflow(input: SettleOutcomesInput): Promise<SettleOutcomesResult> {
  const result: SettleOutcomesResult = { procesados: [], desconocidosEnMh: [], sinRespuesta: [] };
  for (const codigoGeneracion of await steps.findUnknownOutcomes(input)) {
    const outcome = await consulta
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
    await steps.recordOutcome(codigoGeneracion, { result: 'PROCESADO', respuesta: outcome.aceptado });
    await deliverDocument(codigoGeneracion);
    result.procesados.push(codigoGeneracion);
  }
  return result;
}
