import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { contribuyente, emitirCcf, hoy } from '../support/fixtures';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, type TestTenant } from '../support/tenant';

/**
 * Every CSV the service writes opened as a spreadsheet opens it, on the real stack: receptor names a
 * spreadsheet would run as formulas reach DGII's F-07 annex and the documents' export as text, and the
 * amounts stay numbers (docs/anexos-f07.md, "File format").
 */

/**
 * How Excel, LibreOffice and Google Sheets type a CSV field they open: a number is a number, a field starting
 * with = + - @ (also after a tab or a carriage return) is a formula, anything else is text. exceljs reads a
 * CSV's fields as plain values; this map gives it the spreadsheet's reading.
 */
function comoHojaDeCalculo(campo: string): ExcelJS.CellValue {
  if (campo === '') return null;
  if (/^-?\d+(\.\d+)?$/.test(campo)) return Number(campo);
  if (/^[\t\r]*[=+\-@]/.test(campo)) return { formula: campo.replace(/^[\t\r]*=?/, ''), date1904: false };
  return campo;
}

async function hoja(texto: string, delimiter: string): Promise<ExcelJS.Worksheet> {
  return new ExcelJS.Workbook().csv.read(Readable.from([texto]), {
    parserOptions: { delimiter },
    map: comoHojaDeCalculo,
  });
}

function celdas(hoja: ExcelJS.Worksheet): ExcelJS.Cell[] {
  const todas: ExcelJS.Cell[] = [];
  hoja.eachRow((fila) => fila.eachCell((celda) => todas.push(celda)));
  return todas;
}

describe('CSV files opened in a spreadsheet', () => {
  let tenant: TestTenant;
  const NOMBRES = ["=cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0"];

  beforeAll(async () => {
    tenant = await createTestTenant();
    for (const nombre of NOMBRES) await emitirCcf(tenant, 100, { receptor: { ...contribuyente(), nombre } });
  });
  afterAll(() => closeTestDatabase());

  const descargar = async (ruta: string) => {
    const res = await fetch(`${stack().api}${ruta}`, { headers: tenant.headers });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('F-07 anexo 1: no cell is a formula, each name is text after an apostrophe, every amount a number', async () => {
    const csv = await descargar(
      `/anexos/f07/ventas-contribuyentes?periodo=${hoy().slice(0, 7)}&formato=csv&tipoIngreso=2`,
    );
    const anexo = await hoja(csv.toString('latin1'), ';');
    expect(anexo.rowCount).toBe(3);
    expect(
      celdas(anexo)
        .filter((c) => c.type === ExcelJS.ValueType.Formula)
        .map((c) => c.address),
    ).toEqual([]);
    // Column I is the name; J to P the amounts: 100.00 gravada, its 13 % IVA 13.00, total without IVA 100.00.
    expect([1, 2, 3].map((f) => anexo.getRow(f).getCell('I').value)).toEqual(NOMBRES.map((n) => `'${n}`));
    for (const f of [1, 2, 3])
      expect(['J', 'K', 'L', 'M', 'N', 'O', 'P'].map((c) => anexo.getRow(f).getCell(c).value)).toEqual([
        0, 0, 100, 13, 0, 0, 100,
      ]);
  });

  it('the documents’ export: no cell is a formula, each name is text after an apostrophe, the total a number', async () => {
    const csv = await descargar(`/dte/export?desde=${hoy()}&hasta=${hoy()}`);
    const exportacion = await hoja(csv.toString('utf8'), ',');
    expect(exportacion.rowCount).toBe(4);
    expect(
      celdas(exportacion)
        .filter((c) => c.type === ExcelJS.ValueType.Formula)
        .map((c) => c.address),
    ).toEqual([]);
    // Column F is the total (100.00 + 13 % IVA = 113.00), H the receptor's name.
    expect([2, 3, 4].map((f) => exportacion.getRow(f).getCell('H').value)).toEqual(NOMBRES.map((n) => `'${n}`));
    expect([2, 3, 4].map((f) => exportacion.getRow(f).getCell('F').value)).toEqual([113, 113, 113]);
  });
});
