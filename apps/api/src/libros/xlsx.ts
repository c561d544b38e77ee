import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import type { TablaLibro } from '@dte/domain';

export interface HojaLibro extends TablaLibro {
  emisor: { nombre: string; nit: string };
  periodo: string;
}

const FORMATO_MONTO = '#,##0.00';

/**
 * A book as a spreadsheet an accountant opens: the title, the emisor and the period on top, one row per
 * line, amounts as numbers with 2 decimals, and a totals row of SUM formulas over the lines (with their
 * values cached, so a reader that does not compute shows them too).
 */
export async function escribirLibroXlsx(hoja: HojaLibro, destino: Writable): Promise<void> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'DTE service';
  const ws = libro.addWorksheet(hoja.titulo.slice(0, 31));
  ws.addRow([hoja.titulo]).font = { bold: true, size: 14 };
  ws.addRow([`${hoja.emisor.nombre} — NIT ${hoja.emisor.nit}`]);
  ws.addRow([`Período: ${hoja.periodo}`]);
  ws.addRow([]);
  const encabezado = ws.addRow(hoja.columnas.map((c) => c.titulo));
  encabezado.font = { bold: true };
  const primera = encabezado.number + 1;
  for (const fila of hoja.filas)
    ws.addRow(fila.map((v, i) => (hoja.columnas[i]!.monto && typeof v === 'string' ? Number(v) : v)));
  const ultima = primera + hoja.filas.length - 1;
  const totales = ws.addRow(
    hoja.columnas.map((c, i) => {
      if (i === 0) return 'Totales';
      if (!c.monto) return null;
      const letra = ws.getColumn(i + 1).letter;
      const valor = hoja.filas.reduce((s, f) => s + Math.round(Number(f[i] ?? 0) * 100), 0) / 100;
      return { formula: `SUM(${letra}${primera}:${letra}${Math.max(ultima, primera)})`, result: valor };
    }),
  );
  totales.font = { bold: true };
  hoja.columnas.forEach((c, i) => {
    const columna = ws.getColumn(i + 1);
    columna.width = c.ancho ?? (c.monto ? 14 : 18);
    if (c.monto) columna.numFmt = FORMATO_MONTO;
  });
  await libro.xlsx.write(destino);
}
