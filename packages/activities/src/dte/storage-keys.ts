import { ambienteName, type AmbienteCode } from '@dte/domain';

/**
 * Where a document's files live: `emisores/<slug>/DTES/<TEST|PROD>/<yyyy>/<mm>/<dd>/DTE<tipo>/<json|pdf>/<codigoGeneracion>.<ext>`,
 * dated by fecEmi. The same path is the record's dteJsonUrl / dtePdfUrl.
 */
export function documentKey(
  doc: { emisorSlug: string; ambiente: AmbienteCode; fecEmi: string; tipoDte: string; codigoGeneracion: string },
  kind: 'json' | 'pdf',
): string {
  const [yyyy, mm, dd] = doc.fecEmi.split('-');
  return `emisores/${doc.emisorSlug}/DTES/${ambienteName[doc.ambiente]}/${yyyy}/${mm}/${dd}/DTE${doc.tipoDte}/${kind}/${doc.codigoGeneracion}.${kind}`;
}
