import { patched, upsertSearchAttributes } from '@temporalio/workflow';
import { SearchAttributeKeys, type Anulacion, type AnulacionInput, type WorkflowFn } from '@dte/contract';
import { databaseSteps, delivery, mhAnulacion } from './policies';
import { dteRefusal } from './refusal';

/**
 * Changes since executions of this workflow were first recorded, each kept behind `patched()` so an
 * execution recorded before it replays as it ran (apps/worker/test/replay.test.ts).
 */
export const Cambios = {
  /** MH not answering is an answer for the API (503), not a failed workflow (500). */
  mhNoDisponible: 'anulacion-mh-no-disponible',
  /** The stored PDF is rendered again with the "DOCUMENTO INVALIDADO" mark. */
  pdfInvalidado: 'anulacion-pdf-invalidado',
  /** An accepted invalidation carries the document's search attributes with `DteEstado` CANCELLED. */
  estadoBuscable: 'anulacion-estado-buscable',
} as const;

/**
 * What Temporal's visibility says of an invalidated document. A workflow can change only its own search
 * attributes, and the document's `IssueDteWorkflow` has long ended (closed executions' attributes are
 * fixed), so this workflow carries the document's `DteCodigoGeneracion` and `DteEmisor` with `DteEstado`
 * CANCELLED: the document's newest workflow (listed first) tells its estado, and the invalidated ones are
 * `WorkflowType = 'InvalidateDteWorkflow' AND DteEstado = 'CANCELLED'` (README, Operations).
 */
function marcarAnulado(input: AnulacionInput): void {
  upsertSearchAttributes([
    { key: SearchAttributeKeys.codigoGeneracion, value: input.codigoGeneracion },
    { key: SearchAttributeKeys.emisor, value: String(input.issuer.emisorId) },
    { key: SearchAttributeKeys.estado, value: 'CANCELLED' },
  ]);
}

/**
 * Invalidates an accepted document: build the event of the emisor's generation, sign it, send it to MH,
 * record the verdict, and mark the stored PDF invalidated. One workflow per document (id
 * `anulacion-<codigoGeneracion>`), so two requests never race on the record. A refusal before sending
 * fails the workflow with the `DteError` for the API; MH not answering ends it with `mhNoDisponible`,
 * the document untouched.
 */
export const InvalidateDteWorkflow: WorkflowFn<typeof Anulacion> = async (input) => {
  try {
    const { ambiente, evento } = await databaseSteps.prepareInvalidation(input);
    const documento = await databaseSteps.signDocument(input.issuer.emisorId, evento);
    let respuesta;
    try {
      respuesta = await mhAnulacion.transmitInvalidation({ emisorId: input.issuer.emisorId, ambiente, documento });
    } catch (err) {
      if (dteRefusal(err) || !patched(Cambios.mhNoDisponible)) throw err;
      return {
        aceptado: false,
        codigoGeneracion: input.codigoGeneracion,
        // The API let only a PROCESSED document through, and nothing changed it.
        estado: 'PROCESSED',
        eventoCodigoGeneracion: input.eventoCodigoGeneracion,
        selloRecibido: null,
        respuestaMh: null,
        observaciones: [],
        mhNoDisponible: true,
      };
    }
    const resultado = await databaseSteps.recordInvalidation({
      codigoGeneracion: input.codigoGeneracion,
      eventoCodigoGeneracion: input.eventoCodigoGeneracion,
      evento,
      documento,
      respuesta,
    });
    if (resultado.aceptado && patched(Cambios.estadoBuscable)) marcarAnulado(input);
    if (resultado.aceptado && patched(Cambios.pdfInvalidado)) {
      // The stored PDF (GET /dte/pdf, resends) must not show an invalidated document as valid; delivery's
      // own retries bound this, and the invalidation stands even if they all fail.
      await delivery.storeDocumentPdf(input.codigoGeneracion).catch(() => undefined);
    }
    return resultado;
  } catch (err) {
    throw dteRefusal(err) ?? err;
  }
};
