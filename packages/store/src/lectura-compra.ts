import { lecturaDeLibros, type Dte } from '@dte/domain';
import type { CompraRecord } from './db/models';

/**
 * What the purchase books read of a received document, apart from both the records (compras.ts, which keeps
 * it on the document's period entry) and the books' walk (libros-compras.ts, which reads it back).
 */

type Json = Record<string, unknown>;

/** What the resumen says of the 1 % IVA the supplier perceived (anexo 8): ivaPerci1, ivaPerci from 2026. */
const PERCEPCION = ['ivaPerci1', 'ivaPerci'] as const;

/**
 * What the purchase books and annexes read of a received DTE (compras*.ts of the domain), and only that,
 * kept on its period's list entry: what the sales books read (`lecturaDeLibros`: the resumen's figures with
 * its IVA, a Comprobante de Retención's lines) but the receptor, who is the emisor itself, and with the
 * percepción and the supplier's identity (its emisor's NIT, NRC and name).
 */
export function lecturaDeCompra(dte: Dte, tipoDte: string): Dte {
  const { identificacion, resumen, cuerpoDocumento } = lecturaDeLibros(dte, tipoDte);
  const completo = (dte['resumen'] as Json | undefined) ?? {};
  const emisor = (dte['emisor'] as Json | undefined) ?? {};
  return {
    identificacion,
    resumen: resumen && {
      ...(resumen as Json),
      ...Object.fromEntries(PERCEPCION.filter((c) => c in completo).map((c) => [c, completo[c]])),
    },
    emisor: Object.fromEntries(['nit', 'nrc', 'nombre'].filter((c) => c in emisor).map((c) => [c, emisor[c]])),
    ...(cuerpoDocumento ? { cuerpoDocumento } : {}),
  };
}

/** The sello the books show: the one the file carries, else the one MH answered with. */
export function selloDeCompra(c: Pick<CompraRecord, 'selloRecibido' | 'respuestaMh'>): string | null {
  const respuesta = c.respuestaMh as { selloRecibido?: unknown } | null | undefined;
  return c.selloRecibido ?? (typeof respuesta?.selloRecibido === 'string' ? respuesta.selloRecibido : null);
}
