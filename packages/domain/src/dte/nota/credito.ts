import { DteError, ErrorCode } from '../../errors';
import { money, round2, sum, type Money } from '../../money';
import { relacionadosDeNota, type NotaRequest } from '../../requests/nota';
import { lineaVenta, type LineaVenta } from '../bloques/cuerpo';
import { totalesCreditoFiscal } from '../credito-fiscal/totales';
import type { Dte, OriginDocument } from '../documento';

/**
 * What a note credits each CCF it adjusts: the montoTotalOperacion a note of that CCF's lines alone would
 * have (its amounts less the note's discount, and the IVA on its gravada), so a note of one CCF credits
 * exactly its own montoTotalOperacion. Keyed by the CCF's numeroDocumento (its codigoGeneracion when electronic).
 */
export function creditoPorCcf(
  request: Pick<NotaRequest, 'items' | 'codigoGeneracion' | 'documentosRelacionados' | 'descuento'>,
) {
  const relacionados = relacionadosDeNota(request);
  const lineas = new Map<string, LineaVenta[]>(relacionados.map((d) => [d.numeroDocumento, []]));
  for (const item of request.items) {
    const numero = item.numeroDocumento?.toUpperCase();
    const ccf = relacionados.find((d) => d.numeroDocumento.toUpperCase() === numero) ?? relacionados[0]!;
    lineas.get(ccf.numeroDocumento)!.push(lineaVenta(item));
  }
  return new Map<string, Money>(
    [...lineas].map(([ccf, deCcf]) => [ccf, totalesCreditoFiscal(deCcf, false, request.descuento).montoTotalOperacion]),
  );
}

/**
 * What a Nota de Crédito issued elsewhere (imported, so no request of ours) credited each electronic CCF it
 * adjusts, read from its DTE: its montoTotalOperacion, whole when it adjusts one CCF (nearly every note), else
 * split in proportion to the sales of the lines that name each (cuerpoDocumento.numeroDocumento), cent
 * rounding each share. MH's documents say how a line names its CCF, not how a note's discount falls among
 * several: the proportion is our choice, made here only. A paper CCF's share is counted by no one, as for a
 * note issued here.
 */
export function creditoDeNotaEmitida(dte: Dte): Map<string, Money> {
  const relacionados = ((dte['documentoRelacionado'] ?? []) as { tipoGeneracion: number; numeroDocumento: string }[])
    .filter((d) => d.tipoGeneracion === 2)
    .map((d) => d.numeroDocumento.toUpperCase());
  const total = money((dte['resumen'] as { montoTotalOperacion: number }).montoTotalOperacion);
  const lineas = (dte['cuerpoDocumento'] ?? []) as {
    numeroDocumento?: string | null;
    ventaNoSuj?: number;
    ventaExenta?: number;
    ventaGravada?: number;
  }[];
  const venta = (l: (typeof lineas)[number]) =>
    sum([l.ventaNoSuj ?? 0, l.ventaExenta ?? 0, l.ventaGravada ?? 0].map(money));
  const todas = sum(lineas.map(venta));
  const documentos = new Set(lineas.map((l) => l.numeroDocumento?.toUpperCase()));
  if (relacionados.length === 1 && documentos.size <= 1) return new Map([[relacionados[0]!, total]]);
  return new Map(
    relacionados.map((ccf) => {
      const suyas = sum(lineas.filter((l) => l.numeroDocumento?.toUpperCase() === ccf).map(venta));
      return [ccf, todas.isZero() ? money(0) : round2(total.times(suyas).dividedBy(todas))];
    }),
  );
}

/**
 * MH refuses a credit beyond what remains of a CCF (016), so the notes of one CCF together never credit
 * more than its montoTotalOperacion (`montoAcreditado`: what earlier notes took of it). Each electronic
 * CCF the note adjusts is checked with its own share; a paper CCF is unknown to the service, so MH alone
 * checks it.
 */
export function dentroDelSaldo<N>(nota: N, request: NotaRequest, origenes: readonly OriginDocument[] = []): N {
  const creditos = creditoPorCcf(request);
  for (const origin of origenes) {
    const codigoGeneracion = origin.dte.identificacion.codigoGeneracion;
    const credito = creditos.get(codigoGeneracion);
    if (!credito) continue;
    const original = money((origin.dte['resumen'] as { montoTotalOperacion: number }).montoTotalOperacion);
    const disponible = original.minus(money(origin.montoAcreditado ?? 0));
    if (credito.gt(disponible))
      throw new DteError(
        ErrorCode.CREDIT_EXCEEDS_ORIGINAL,
        400,
        `La nota de crédito (${credito.toFixed(2)}) excede el saldo del CCF ${codigoGeneracion} (${disponible.toFixed(2)})`,
        {
          numeroDocumento: codigoGeneracion,
          montoTotalOperacion: credito.toNumber(),
          saldoDisponible: disponible.toNumber(),
        },
      );
  }
  return nota;
}
