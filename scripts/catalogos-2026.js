'use strict';
/**
 * Extracts the catalogs the service needs from MH's 2026 catalog workbook (vendored beside its output in
 * packages/domain/src/mh/catalogs/v2026/) into one JSON file each, in the shape of the v1.2 catalogs.
 * `node scripts/catalogos-2026.js` writes them; `--check` only compares, for the test that keeps the
 * committed files equal to what the workbook says.
 *
 * The workbook is one sheet of stacked catalogs, each a title row "CAT-0xx Nombre", a header row
 * "Código | Valores" and its rows. Some codes are stored as numbers, so leading zeros are gone: each
 * catalog states below how its codes are written. CAT-008 keeps the distrito's number, which edition
 * V 1.1 writes with two digits ("03") and V 1.0 stored bare (3): its written form is a choice of
 * packages/domain/src/mh/catalogs.ts, see `codigoDistrito`.
 */
const fs = require('node:fs');
const path = require('node:path');
const ExcelJS = require('exceljs');

const DIR = path.resolve(__dirname, '../packages/domain/src/mh/catalogs/v2026');
const WORKBOOK = 'MH-Catalogos-Facturacion-Electronica-2026-07.xlsx';
const VERSION = '1.1 (07/2026)';
const FUENTE =
  'Ministerio de Hacienda, "Catálogos - Facturación Electrónica - V 1.1" (workbook last modified 2026-06-29, ' +
  'in force from 2026-07-01), from CtrlCarlitos/odoo-localizations @ 7282763, sv/sources/; extracted by ' +
  'scripts/catalogos-2026.js';

const dosDigitos = (c) => String(c).trim().padStart(2, '0');
const tal = (c) => String(c).trim();
const numero = (c) => String(Number(c));

/** The catalogs taken, and how each writes its codes (as the v1.2 catalogs and MH's schemas do). */
const CATALOGOS = {
  'CAT-002': { codigo: dosDigitos },
  'CAT-008': { codigo: numero, porDepartamento: true },
  'CAT-012': { codigo: dosDigitos },
  'CAT-013': { codigo: dosDigitos, departamentos: true },
  'CAT-023': { codigo: dosDigitos },
  'CAT-024': { codigo: tal },
  'CAT-027': { codigo: dosDigitos },
  // Régimen: "1000.000", stored as text (v1.2 wrote "EX-1.1000.000", its CAT-033 class first).
  'CAT-028': { codigo: tal },
  'CAT-033': { codigo: tal },
};

function texto(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  return String(value);
}

/** Every catalog of the sheet: its title and its [código, valor] rows. */
function leerHoja(sheet) {
  const catalogos = new Map();
  let actual = null;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const a = texto(row.getCell(1).value).trim();
    const b = texto(row.getCell(2).value).trim();
    const titulo = /^(CAT-\d{3})\s+(.*)$/.exec(a);
    // A title may span both columns (a merged cell repeats its value).
    if (titulo && (!b || b === a)) {
      actual = { nombre: titulo[2].trim(), filas: [] };
      catalogos.set(titulo[1], actual);
      return;
    }
    if (!actual || !a || a === 'Código') return;
    actual.filas.push([a, b]);
  });
  return catalogos;
}

/**
 * CAT-008 numbers the distritos from 1 within each departamento, in CAT-012's order, after code 0
 * (foreigners, departamento 00): a row numbered 1 starts the next departamento.
 */
function conDepartamento(filas) {
  let departamento = 0;
  return filas.map(([codigo, valor]) => {
    if (codigo === '1') departamento++;
    return { departamento: dosDigitos(codigo === '0' ? 0 : departamento), codigo, valor };
  });
}

const sinAcentos = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();

/**
 * CAT-013's 2024 municipios are named after their departamento ("SONSONATE NORTE", "LA LIBERTAD COSTA"),
 * and their codes repeat across departamentos, so the departamento is read from the name.
 */
function municipiosConDepartamento(filas, departamentos) {
  return filas.map(([codigo, valor]) => {
    const departamento =
      codigo === '00'
        ? '00'
        : departamentos.find((d) => sinAcentos(valor).startsWith(`${sinAcentos(d.valor)} `))?.codigo;
    if (!departamento) throw new Error(`CAT-013 ${codigo} ${valor}: no departamento of CAT-012 names it`);
    return { departamento, codigo, valor };
  });
}

async function extraer() {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path.join(DIR, WORKBOOK));
  const hoja = leerHoja(workbook.worksheets[0]);
  const salida = {};
  for (const [id, regla] of Object.entries(CATALOGOS)) {
    const catalogo = hoja.get(id);
    if (!catalogo) throw new Error(`${id} is not in the workbook`);
    const filas = catalogo.filas.map(([c, v]) => [regla.codigo(c), v]);
    const items = regla.porDepartamento
      ? conDepartamento(filas)
      : regla.departamentos
        ? municipiosConDepartamento(filas, salida['CAT-012'].items)
        : filas.map(([codigo, valor]) => ({ codigo, valor }));
    salida[id] = { catalogo: id, nombre: catalogo.nombre, versionCatalogo: VERSION, fuente: FUENTE, items };
  }
  return salida;
}

async function main() {
  const check = process.argv.includes('--check');
  const salida = await extraer();
  const distintos = [];
  for (const [id, contenido] of Object.entries(salida)) {
    const file = path.join(DIR, `${id}.json`);
    const json = `${JSON.stringify(contenido, null, 2)}\n`;
    if (check) {
      if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== json) distintos.push(id);
    } else fs.writeFileSync(file, json);
  }
  if (distintos.length) {
    process.stderr.write(`catalogs differ from the workbook: ${distintos.join(', ')}\n`);
    process.exit(1);
  }
  process.stdout.write(`${check ? 'checked' : 'wrote'} ${Object.keys(salida).join(', ')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
