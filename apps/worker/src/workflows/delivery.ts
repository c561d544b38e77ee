import type { DocumentOutcome, TransmitOutcome } from '@dte/contract';
import { databaseSteps, delivery } from './policies';

/**
 * Stores the document's PDF and e-mails it to the receptor. A failure after the retries stays here: GET
 * /dte/pdf renders a missing PDF on demand, and each e-mail attempt is recorded on the document.
 */
export async function deliverDocument(codigoGeneracion: string): Promise<void> {
  try {
    await delivery.deliverDocument(codigoGeneracion);
  } catch {
    // Delivery never fails the document: what failed is on record.
  }
}

/**
 * Records MH's verdict on a document and, when MH accepted it, delivers it: what every workflow that
 * learns a verdict does with it (the issuance, contingencia for a document whose workflow is gone, the
 * settle schedule).
 */
export async function settle(
  codigoGeneracion: string,
  outcome: TransmitOutcome,
  record = databaseSteps.recordOutcome,
): Promise<DocumentOutcome> {
  const recorded = await record(codigoGeneracion, outcome);
  if (recorded.estado === 'PROCESSED') await deliverDocument(codigoGeneracion);
  return recorded;
}
