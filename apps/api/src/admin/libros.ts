import fs from 'node:fs';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { anexoRequest, LIBROS, libroRequest, parseRequest } from '@dte/domain';
import { Compras, Documents, LibrosEmisor, TenantCache } from '@dte/store';
import { escribirAnexo, escribirLibroJson, escribirLibroXlsx, type PedidoLibro } from '../libros/libros';
import { decir, verSuAyuda, type Contexto } from './comando';

/**
 * What is written to a file, passed through: a line every second with how much so far, and one at the end,
 * so a month of 20,000 documents is seen to move. CSV counts rows, a spreadsheet KB.
 */
function conteoDeSalida(archivo: string, filas: boolean): { paso: Transform; fin: () => void } {
  let total = 0;
  let ultimo = Date.now();
  const medida = () => (filas ? `${total} row(s)` : `${Math.ceil(total / 1024)} KB`);
  const paso = new Transform({
    transform(trozo: Buffer, _enc, listo) {
      total += filas ? trozo.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0) : trozo.length;
      if (Date.now() - ultimo >= 1000) {
        ultimo = Date.now();
        decir(`writing ${archivo}: ${medida()} so far`);
      }
      listo(null, trozo);
    },
  });
  return { paso, fin: () => decir(`wrote ${archivo} (${medida()})`) };
}

/** The same book or annex the API answers, for an accountant without an API token (`libros`, `anexos`). */
export async function libroOAnexo(ctx: Contexto, tipo: 'libros' | 'anexos', args: string[]): Promise<void> {
  const { db, tenants: repositorio } = ctx;
  const o = ctx.opciones(args);
  const [nombre] = o.positionals;
  const emisorId = o.id('emisor');
  const emisor = await repositorio.emisor(emisorId);
  const salida = o.optional('salida');
  const consulta = {
    periodo: o.optional('periodo') ?? undefined,
    establecimiento: o.optional('cod-estable') ?? undefined,
    formato: salida ? (tipo === 'libros' ? 'xlsx' : 'csv') : 'json',
  };
  const tenants = new TenantCache(db.models, 0);
  const pedido = (periodo: string, establecimiento?: string): PedidoLibro => ({
    documents: new Documents(db, tenants),
    compras: new Compras(db, ctx.store(), tenants),
    emisor: { id: emisorId, nombre: emisor.nombre, nit: emisor.nit },
    periodo,
    establecimiento,
  });
  if (tipo === 'anexos') {
    const { anexo, periodo, establecimiento, tipoIngreso, clasificacion } = parseRequest(anexoRequest, {
      ...consulta,
      anexo: nombre,
      tipoIngreso: o.optional('tipo-ingreso') ?? undefined,
      tipoOperacion: o.optional('tipo-operacion') ?? undefined,
      clasificacion: o.optional('clasificacion') ?? undefined,
      sector: o.optional('sector') ?? undefined,
      tipoCostoGasto: o.optional('tipo-costo-gasto') ?? undefined,
    });
    const opciones = { tipoIngreso: await new LibrosEmisor(db).tipoIngreso(emisorId, tipoIngreso), clasificacion };
    if (!salida) return escribirAnexo(anexo, pedido(periodo, establecimiento), opciones, 'json', process.stdout);
    const conteo = conteoDeSalida(salida, true);
    const archivo = fs.createWriteStream(salida);
    conteo.paso.pipe(archivo);
    await escribirAnexo(anexo, pedido(periodo, establecimiento), opciones, 'csv', conteo.paso);
    await finished(conteo.paso.end() && archivo);
    return conteo.fin();
  }
  const { periodo, establecimiento } = parseRequest(libroRequest, {
    ...consulta,
    desde: o.optional('desde') ?? undefined,
    hasta: o.optional('hasta') ?? undefined,
  });
  if (!nombre || !LIBROS[nombre]) throw new Error(`unknown book "${nombre ?? ''}": ${verSuAyuda('libros')}`);
  if (!salida) return escribirLibroJson(nombre, pedido(periodo, establecimiento), process.stdout);
  const conteo = conteoDeSalida(salida, false);
  const archivo = fs.createWriteStream(salida);
  conteo.paso.pipe(archivo);
  // The spreadsheet writer ends the stream it is given.
  await escribirLibroXlsx(nombre, pedido(periodo, establecimiento), conteo.paso);
  await finished(archivo);
  conteo.fin();
}
