import { proxyActivities } from '@temporalio/workflow';
import type { InvalidateDteInput, InvalidateDteResult } from '@dte/domain/workflow-contract';
import { dteRefusal, steps, type Activities } from './shared';

// The API waits for the verdict, so MH gets a few tries within about a minute, not the issuance's patience.
const mh = proxyActivities<Activities>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '2 seconds', maximumAttempts: 3 },
});

/**
 * Invalidates an accepted document: build the anulación v2 event, sign it, send it to MH, record the
 * verdict. One workflow per document (id `anulacion-<codigoGeneracion>`), so two requests never race on
 * the record. A refusal before sending fails the workflow with the `DteError` for the API.
 */
export async function InvalidateDteWorkflow(input: InvalidateDteInput): Promise<InvalidateDteResult> {
  try {
    const { ambiente, evento } = await steps.prepareInvalidation(input);
    const documento = await steps.signDocument(input.issuer.emisorId, evento);
    const respuesta = await mh.transmitInvalidation({ emisorId: input.issuer.emisorId, ambiente, documento });
    return await steps.recordInvalidation({
      codigoGeneracion: input.codigoGeneracion,
      eventoCodigoGeneracion: input.eventoCodigoGeneracion,
      evento,
      documento,
      respuesta,
    });
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
}
