import { esPapel, PAPELES } from '@dte/domain';
import { auditarOperador } from './auditoria';
import { print, type Contexto } from './comando';

/**
 * `emisor formato-pdf` and `punto-venta formato-pdf`: the paper of the PDFs GET /dte/pdf answers when it is
 * asked for none (its `formato` comes first, then the point of sale's setting, then the emisor's, then
 * Letter). `ninguno` removes the setting. Recorded in the emisor's audit log with the setting it replaced.
 */
export async function fijarFormatoPdf(
  { tenants, db }: Contexto,
  emisorId: number,
  formato: string,
  puntoVentaId?: number,
): Promise<void> {
  if (formato !== 'ninguno' && !esPapel(formato))
    throw new Error(`--formato must be one of ${[...PAPELES, 'ninguno'].join(', ')}`);
  const hecho = await tenants.setFormatoPdf(emisorId, formato === 'ninguno' ? null : formato, puntoVentaId);
  const comando = puntoVentaId === undefined ? 'emisor formato-pdf' : 'punto-venta formato-pdf';
  await auditarOperador(db, emisorId, 'FORMATO_PDF_CAMBIADO', comando, {
    detalles: { puntoVentaId: hecho.puntoVentaId, formatoPdf: hecho.formatoPdf, anterior: hecho.anterior },
  });
  const quien = puntoVentaId === undefined ? `emisor ${emisorId}` : `punto de venta ${puntoVentaId}`;
  print(
    hecho,
    `the PDFs of ${quien} are ${hecho.formatoPdf ?? (puntoVentaId === undefined ? 'carta' : "its emisor's")} unless asked otherwise`,
  );
}
