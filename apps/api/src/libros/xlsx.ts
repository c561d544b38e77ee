import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { sumaDeColumnas, type CeldaLibro, type ColumnaLibro } from '@dte/domain';

export interface HojaLibro {
  titulo: string;
  columnas: ColumnaLibro[];
  emisor: { nombre: string; nit: string };
  periodo: string;
}

const FORMATO_MONTO = '#,##0.00';

/**
 * A book as a spreadsheet an accountant opens: the title, the emisor and the period on top, one row per
 * line, amounts as numbers with 2 decimals, and a totals row of SUM formulas over the lines (with their
 * values cached, so a reader that does not compute shows them too). Rows are written to `destino` as they
 * are given (exceljs' streaming writer), which it ends once `cerrar` is done.
 */
export class HojaXlsx {
  private readonly libro: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly ws: ExcelJS.Worksheet;
  private readonly primera: number;
  private ultima: number;
  private readonly totales: ReturnType<typeof sumaDeColumnas>;

  constructor(
    destino: Writable,
    private readonly hoja: HojaLibro,
  ) {
    this.libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: destino, useStyles: true });
    this.libro.creator = 'DTE service';
    this.ws = this.libro.addWorksheet(hoja.titulo.slice(0, 31));
    this.ws.columns = hoja.columnas.map((c) => ({
      width: c.ancho ?? (c.monto ? 14 : 18),
      style: c.monto ? { numFmt: FORMATO_MONTO } : {},
    }));
    const titulo = this.ws.addRow([hoja.titulo]);
    titulo.font = { bold: true, size: 14 };
    titulo.commit();
    this.ws.addRow([`${hoja.emisor.nombre} — NIT ${hoja.emisor.nit}`]).commit();
    this.ws.addRow([`Período: ${hoja.periodo}`]).commit();
    this.ws.addRow([]).commit();
    const encabezado = this.ws.addRow(hoja.columnas.map((c) => c.titulo));
    encabezado.font = { bold: true };
    encabezado.commit();
    this.primera = encabezado.number + 1;
    this.ultima = encabezado.number;
    this.totales = sumaDeColumnas(hoja.columnas);
  }

  fila(celdas: CeldaLibro[]): void {
    this.totales.agregar(celdas);
    const monto = (i: number) => this.hoja.columnas[i]!.monto;
    this.ultima = this.ws.addRow(celdas.map((v, i) => (monto(i) && typeof v === 'string' ? Number(v) : v))).number;
    this.ws.lastRow?.commit();
  }

  async cerrar(): Promise<void> {
    const sumas = this.totales.valores();
    const totales = this.ws.addRow(
      this.hoja.columnas.map((c, i) => {
        if (i === 0) return 'Totales';
        if (!c.monto) return null;
        const letra = this.ws.getColumn(i + 1).letter;
        return {
          formula: `SUM(${letra}${this.primera}:${letra}${Math.max(this.ultima, this.primera)})`,
          result: Number(sumas[i]),
        };
      }),
    );
    totales.font = { bold: true };
    totales.commit();
    this.ws.commit();
    await this.libro.commit();
  }
}
