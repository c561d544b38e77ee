import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { Writable } from 'node:stream';
import { money, validationError } from '@dte/domain';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What the parts of an uploaded xlsx may hold once uncompressed, and how many parts: a book of the most
 * rows an import takes is a few MB of XML. A zip can say less than it holds, so each part is inflated
 * under what is left of the budget before exceljs (which trusts the sizes until it has inflated everything)
 * reads it: a file of a few KB that would inflate to GB is refused instead.
 */
const MAX_DESCOMPRIMIDO = 50 * 1024 * 1024;
const MAX_PARTES = 1000;

const ilegible = (motivo: string) =>
  validationError('El archivo no es un libro de Excel (xlsx) que se pueda leer', [{ field: 'body', message: motivo }]);

/** Checks the zip's central directory and inflates each part within the budget (APPNOTE 4.3: no zip64). */
function comprobarZip(zip: Buffer): void {
  const inicio = Math.max(0, zip.length - 65_557);
  let eocd = -1;
  for (let i = zip.length - 22; i >= inicio && eocd < 0; i--) if (zip.readUInt32LE(i) === 0x06054b50) eocd = i;
  if (eocd < 0) throw ilegible('No es un archivo zip');
  const partes = zip.readUInt16LE(eocd + 10);
  if (partes > MAX_PARTES) throw ilegible(`Tiene más de ${MAX_PARTES} partes`);
  let restante = MAX_DESCOMPRIMIDO;
  let p = zip.readUInt32LE(eocd + 16);
  for (let k = 0; k < partes; k++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw ilegible('Su directorio está dañado');
    const metodo = zip.readUInt16LE(p + 10);
    const comprimido = zip.readUInt32LE(p + 20);
    const local = zip.readUInt32LE(p + 42);
    if (comprimido === 0xffffffff || local === 0xffffffff) throw ilegible('Es un zip64');
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw ilegible('Una parte está dañada');
    const datos = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const contenido = zip.subarray(datos, datos + comprimido);
    let tamano: number;
    if (metodo === 0) tamano = contenido.length;
    else if (metodo === 8) {
      try {
        tamano = inflateRawSync(contenido, { maxOutputLength: Math.max(1, restante) }).length;
      } catch {
        throw ilegible(`Descomprimido pasa de ${MAX_DESCOMPRIMIDO / 1024 / 1024} MB, o está dañado`);
      }
    } else throw ilegible(`Una parte usa la compresión ${metodo}`);
    restante -= tamano;
    if (restante < 0) throw ilegible(`Descomprimido pasa de ${MAX_DESCOMPRIMIDO / 1024 / 1024} MB`);
    p += 46 + zip.readUInt16LE(p + 28) + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
}

/**
 * A cell as the text the file means: a number as its decimal digits (a price typed in Excel is a float,
 * read back as the decimal it was typed as), a formula as its cached result (never computed), a link or a
 * rich text as its text.
 */
function textoDeCelda(valor: ExcelJS.CellValue): string {
  if (valor === null || valor === undefined) return '';
  if (typeof valor === 'string') return valor;
  if (typeof valor === 'number') return money(valor).toFixed();
  if (typeof valor === 'boolean') return String(valor);
  if (valor instanceof Date) return valor.toISOString().slice(0, 10);
  if ('richText' in valor) return valor.richText.map((t) => t.text).join('');
  if ('formula' in valor || 'sharedFormula' in valor) return textoDeCelda(valor.result as ExcelJS.CellValue);
  if ('text' in valor) return textoDeCelda(valor.text as ExcelJS.CellValue);
  if ('error' in valor) return String(valor.error);
  return '';
}

/** The first sheet's rows as texts, from its first row (the header) to its last. */
export async function filasDeXlsx(archivo: Buffer): Promise<string[][]> {
  comprobarZip(archivo);
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(archivo as unknown as ArrayBuffer);
  } catch (err) {
    throw ilegible(err instanceof Error ? err.message : String(err));
  }
  const hoja = libro.worksheets[0];
  if (!hoja) throw ilegible('No tiene hojas');
  const filas: string[][] = [];
  for (let r = 1; r <= hoja.rowCount; r++) {
    const fila = hoja.getRow(r);
    filas.push(Array.from({ length: hoja.columnCount }, (_, c) => textoDeCelda(fila.getCell(c + 1).value)));
  }
  return filas;
}

/**
 * The book as a spreadsheet, streamed to `destino`: the header in bold, every cell text (a column of text
 * keeps a NIT's or a code's leading zeros, where Excel would make it a number) and written as text, never
 * a formula.
 */
export async function escribirXlsx(
  destino: Writable,
  titulo: string,
  encabezado: readonly string[],
  filas: AsyncIterable<readonly string[]>,
): Promise<void> {
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: destino, useStyles: true });
  libro.creator = 'DTE service';
  const hoja = libro.addWorksheet(titulo);
  hoja.columns = encabezado.map((nombre) => ({ width: Math.max(12, nombre.length + 2), style: { numFmt: '@' } }));
  const primera = hoja.addRow([...encabezado]);
  primera.font = { bold: true };
  primera.commit();
  for await (const fila of filas) hoja.addRow([...fila]).commit();
  hoja.commit();
  await libro.commit();
}
