import { ambienteName, type AmbienteCode } from '@dte/domain';
import type { TenantCache } from './db/tenant-cache';

/**
 * Where a document's files live: `emisores/<slug>/DTES/<TEST|PROD>/<yyyy>/<mm>/<dd>/DTE<tipo>/<json|pdf>/<codigoGeneracion>.<ext>`,
 * dated by fecEmi. The same paths are the record's dteJsonUrl / dtePdfUrl.
 */
export async function documentKeys(
  tenants: TenantCache,
  doc: { emisorId: number; ambiente: string; fecEmi: string; tipoDte: string; _id: string },
): Promise<{ json: string; pdf: string }> {
  const emisor = await tenants.emisor(doc.emisorId);
  if (!emisor) throw new Error(`emisor ${doc.emisorId} does not exist`);
  const [yyyy, mm, dd] = doc.fecEmi.split('-');
  const base = `emisores/${emisor.slug}/DTES/${ambienteName[doc.ambiente as AmbienteCode]}/${yyyy}/${mm}/${dd}/DTE${doc.tipoDte}`;
  return { json: `${base}/json/${doc._id}.json`, pdf: `${base}/pdf/${doc._id}.pdf` };
}
