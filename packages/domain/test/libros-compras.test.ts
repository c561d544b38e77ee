import {
  anexoRequest,
  buildComprobanteRetencionV1,
  buildComprobanteRetencionV2,
  buildCreditoFiscalV3,
  buildCreditoFiscalV4,
  buildNotaCreditoV3,
  buildNotaCreditoV4,
  buildSujetoExcluidoV1,
  buildSujetoExcluidoV2,
  clasificacionRenta,
  comprasSinClasificar,
  csvDgii,
  dte03Request,
  dte07Request,
  dte14Request,
  filasAnexoCompras,
  lecturaCompleta,
  lecturaDeLibros,
  libroCompras,
  libroDelMes,
  LIBROS,
  notaRequest,
  parseRequest,
  periodoDe,
  type AnexoCompras,
  type ClasificacionRenta,
  type CompraLibro,
  type DocumentoLibro,
  type Dte,
} from '../src';
import { context, contribuyente, direccion, emisor } from './support/fixtures';
import { aceptado } from './support/origen';

/**
 * The libro de compras and the purchase annexes of F-07 (3, 5, 7, 8) from a month of received documents
 * and the emisor's own FSEs, in both of MH's generations, against rows written by hand from DGII's annex
 * manual v14 (docs/anexos-f07.md), not produced by the code.
 */
const SELLO = (n: number) => `2026SELLO${String(n).padStart(31, '0')}`;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sin = (s: string) => s.replace(/-/g, '');
/** The supplier: the fixtures' emisor, who issued these documents to the demo receptor. */
const PROVEEDOR = `${emisor.nit};${emisor.nombre}`;

const GASTO_ADMINISTRACION: ClasificacionRenta = { tipoOperacion: 1, clasificacion: 2, sector: 4, tipoCostoGasto: 2 };
const COSTO_INTERNO: ClasificacionRenta = { tipoOperacion: 1, clasificacion: 1, sector: 2, tipoCostoGasto: 5 };

const GENERACIONES = [
  {
    nombre: '2026 (CCF v4, NC v4, CR v2, FSE v2)',
    ccf: buildCreditoFiscalV4,
    nc: buildNotaCreditoV4,
    cr: buildComprobanteRetencionV2,
    fse: buildSujetoExcluidoV2,
    percepcion: 'ivaPerci',
  },
  {
    nombre: '2023 (CCF v3, NC v3, CR v1, FSE v1)',
    ccf: buildCreditoFiscalV3,
    nc: buildNotaCreditoV3,
    cr: buildComprobanteRetencionV1,
    fse: buildSujetoExcluidoV1,
    percepcion: 'ivaPerci1',
  },
] as const;

function mesDe(g: (typeof GENERACIONES)[number]) {
  function doc(
    n: number,
    tipoDte: string,
    fecEmi: string,
    build: (ctx: ReturnType<typeof context>) => Dte,
    extra: Partial<CompraLibro> = {},
  ): CompraLibro {
    const numeroControl = `DTE-${tipoDte}-S001P001-${String(n).padStart(15, '0')}`;
    const dte = build(context(tipoDte, { codigoGeneracion: uuid(n), numeroControl, fecEmi, horEmi: `09:00:0${n}` }));
    return {
      tipoDte,
      estado: 'VERIFICADO',
      codigoGeneracion: uuid(n),
      numeroControl,
      selloRecibido: SELLO(n),
      fecEmi,
      dte,
      anuladoEl: null,
      clasificacion: null,
      ...extra,
    };
  }
  const ccf = (n: number, fecEmi: string, items: object[], extra: Partial<CompraLibro> = {}) =>
    doc(
      n,
      '03',
      fecEmi,
      (ctx) =>
        g.ccf(
          ctx,
          parseRequest(dte03Request, { receptor: contribuyente, items, condicionOperacion: 1, isRetenIva: true }),
        ),
      extra,
    );
  const servicio = (precio: number) => ({ descripcion: 'Servicio', cantidad: 1, precioUnitario: precio });

  // CCF 1 (Nov 3): 100.00 gravada + 20.00 exenta ; IVA 13 % of 100.00 = 13.00 ; the demo emisor, an agent,
  // withheld 1 % of 100.00 = 1.00 ; the supplier, an agent of percepción, perceived 1 % of 100.00 = 1.00.
  const c1 = ccf(
    1,
    '2026-11-03',
    [servicio(100), { descripcion: 'Libro', cantidad: 1, precioUnitario: 20, tipoImpuesto: 'EXENTO' }],
    { clasificacion: GASTO_ADMINISTRACION },
  );
  const resumen = c1.dte['resumen'] as Record<string, unknown>;
  resumen[g.percepcion] = 1;
  // NC 2 (Nov 10) on CCF 1: 10.00 gravada ; IVA 1.30 ; withheld 1 % = 0.10. No classification of its own.
  const c2 = doc(2, '05', '2026-11-10', (ctx) =>
    g.nc(
      ctx,
      parseRequest(notaRequest, {
        codigoGeneracion: uuid(1),
        items: [{ descripcion: 'Descuento', cantidad: 1, precioUnitario: 10 }],
        condicionOperacion: 1,
        isRetenIva: true,
      }),
      [aceptado(c1.dte)],
    ),
  );
  // CCF 3 (Nov 11) its supplier invalidated; CCF 4 (Nov 12) MH has not answered for; CCF 5 is October's.
  const c3 = ccf(3, '2026-11-11', [servicio(50)], { estado: 'INVALIDADO_EN_MH', clasificacion: COSTO_INTERNO });
  const c4 = ccf(4, '2026-11-12', [servicio(30)], { estado: 'PENDIENTE_MH' });
  const c5 = ccf(5, '2026-10-31', [servicio(70)], { clasificacion: COSTO_INTERNO });
  // CR 6 (Nov 12) a client sent: 1 % of 200.00 = 2.00 (22) and 13 % of 50.00 = 6.50 (C4, anexo 7 takes none).
  const linea = (numItem: number, montoSujetoGrav: number, codigoRetencionMH: string, ivaRetenido: number) => ({
    numItem,
    tipoDte: '03',
    tipoGeneracion: 1,
    numDocumento: `A${numItem}`,
    fechaEmision: '2026-11-11',
    montoSujetoGrav,
    codigoRetencionMH,
    ivaRetenido,
    descripcion: 'Retención',
  });
  const cr = doc(6, '07', '2026-11-12', (ctx) =>
    g.cr(
      ctx,
      parseRequest(dte07Request, {
        receptor: { ...contribuyente, tipoDocumento: '36' },
        cuerpoDocumento: [linea(1, 200, '22', 2), linea(2, 50, 'C4', 6.5)],
      }),
    ),
  );
  // The emisor's own FSE 7 (Nov 14), sealed: 150.00 + 2.5 × 10.10 − 0.25 = 175.00 ; FSE 8 it invalidated.
  const fse = (n: number, estado: string): DocumentoLibro => ({
    ...doc(n, '14', '2026-11-14', (ctx) =>
      g.fse(
        ctx,
        parseRequest(dte14Request, {
          sujetoExcluido: {
            tipoDocumento: '13',
            numDocumento: '01234567-8',
            nombre: 'Pedro Martínez',
            codActividad: '10005',
            descActividad: 'Otros',
            direccion,
            telefono: '7777-8888',
            correo: 'pedro@example.com',
          },
          items: [
            { descripcion: 'Consultoría', cantidad: 1, precioUnitario: 150, tipoItem: 2, uniMedida: 99 },
            { descripcion: 'Leña', cantidad: 2.5, precioUnitario: 10.1, montoDescu: 0.25 },
          ],
          applyrent: false,
          condicionOperacion: 1,
        }),
      ),
    ),
    estado,
  });
  return { recibidos: [c1, c2, c3, c4, c5, cr], fses: [fse(7, 'PROCESSED'), fse(8, 'CANCELLED')], c1, c2 };
}

const noviembre = periodoDe('2026-11');

describe.each(GENERACIONES)('purchases of generation $nombre', (g) => {
  const { recibidos, fses, c2 } = mesDe(g);
  const csv = (anexo: AnexoCompras, docs: readonly DocumentoLibro[], clasificacion?: ClasificacionRenta) =>
    csvDgii(filasAnexoCompras(anexo, docs, noviembre, { clasificacion })).toString('latin1');

  it('anexo 3: the verified CCF and NC, positive, total without IVA, each with its classification', () => {
    // CCF 1: G = 20.00 exenta ; J = 100.00 ; N = 13.00 ; O = 20.00 + 100.00 = 120.00 ; Q–T its own 1;2;4;2.
    // NC 2: J = 10.00 ; N = 1.30 ; O = 10.00 ; Q–T the annex's default 1;1;2;5.
    expect(csv('compras', recibidos, COSTO_INTERNO)).toBe(
      `03/11/2026;4;03;${sin(uuid(1))};${PROVEEDOR};20.00;0.00;0.00;100.00;0.00;0.00;0.00;13.00;120.00;;1;2;4;2;3\r\n` +
        `10/11/2026;4;05;${sin(uuid(2))};${PROVEEDOR};0.00;0.00;0.00;10.00;0.00;0.00;0.00;1.30;10.00;;1;1;2;5;3\r\n`,
    );
  });

  it('anexo 3 refuses, naming it, a document without classification when the annex gives none', () => {
    expect(comprasSinClasificar(recibidos, noviembre)).toEqual([c2.codigoGeneracion]);
    expect(() => csv('compras', recibidos)).toThrow('clasificación de Renta');
  });

  it('anexo 5: the sealed FSE, the sujeto excluido by DUI, its subTotal, no IVA withheld', () => {
    // A 2 (DUI) ; B 012345678 ; G subTotal 175.00 ; H 0.00 ; I–L the annex's classification 1;2;4;2.
    expect(csv('compras-sujetos-excluidos', fses, GASTO_ADMINISTRACION)).toBe(
      `2;012345678;Pedro Martínez;14/11/2026;${SELLO(7)};${sin(uuid(7))};175.00;0.00;1;2;4;2;5\r\n`,
    );
    expect(() => csv('compras-sujetos-excluidos', fses)).toThrow('sujetos excluidos');
  });

  it('anexo 5 and the book read the same from what the emisor’s list keeps of an FSE (lecturaDeLibros)', () => {
    const leidas = fses.map((d) => ({ ...d, dte: lecturaDeLibros(d.dte, d.tipoDte) }));
    expect(csv('compras-sujetos-excluidos', leidas, GASTO_ADMINISTRACION)).toBe(
      csv('compras-sujetos-excluidos', fses, GASTO_ADMINISTRACION),
    );
    expect(libroDelMes(libroCompras(noviembre), leidas, noviembre, 'lineas')).toEqual(
      libroDelMes(libroCompras(noviembre), fses, noviembre, 'lineas'),
    );
    expect(leidas.map((d) => lecturaCompleta(d.tipoDte, d.dte))).toEqual([true, true]);
    // An entry written before anexo 5 existed kept no subTotal: its record is read instead.
    const { subTotal: _, ...antes } = leidas[0]!.dte['resumen'] as Record<string, unknown>;
    expect(lecturaCompleta('14', { ...leidas[0]!.dte, resumen: antes })).toBe(false);
  });

  it('anexo 7: the 1 % lines of the received CR, by the agent’s NIT', () => {
    // Code 22 only: F 200.00 subject, G 2.00 withheld; the 13 % line (C4) is in no annex of the declarante.
    expect(csv('retenciones-recibidas', recibidos)).toBe(
      `${emisor.nit};12/11/2026;07;${SELLO(6)};${sin(uuid(6))};200.00;2.00;;7\r\n`,
    );
  });

  it('anexo 8: the CCF whose supplier perceived 1 %, on its gravadas', () => {
    // F 100.00 gravada ; G 1.00 perceived. The NC perceived nothing: no row.
    expect(csv('percepciones-recibidas', recibidos)).toBe(
      `${emisor.nit};03/11/2026;03;${SELLO(1)};${sin(uuid(1))};100.00;1.00;;8\r\n`,
    );
  });

  it('the libro de compras: verified CCF and NC (negative), then the FSE; the unanswered one apart', () => {
    const libro = libroDelMes(libroCompras(noviembre), [...recibidos, ...fses], noviembre, 'lineas');
    expect(libro.lineas.map((l) => [l.correlativo, l.tipoDte, l.proveedor.nombre, l.montos])).toEqual([
      [
        1,
        '03',
        emisor.nombre,
        {
          exentas: '20.00',
          noSujetas: '0.00',
          gravadas: '100.00',
          creditoFiscal: '13.00',
          ivaPercibido: '1.00',
          ivaRetenido: '1.00',
          sujetosExcluidos: '0.00',
          totalCompras: '120.00',
        },
      ],
      [
        2,
        '05',
        emisor.nombre,
        {
          exentas: '0.00',
          noSujetas: '0.00',
          gravadas: '-10.00',
          creditoFiscal: '-1.30',
          ivaPercibido: '0.00',
          ivaRetenido: '-0.10',
          sujetosExcluidos: '0.00',
          totalCompras: '-10.00',
        },
      ],
      [
        3,
        '14',
        'Pedro Martínez',
        {
          exentas: '0.00',
          noSujetas: '0.00',
          gravadas: '0.00',
          creditoFiscal: '0.00',
          ivaPercibido: '0.00',
          ivaRetenido: '0.00',
          sujetosExcluidos: '175.00',
          totalCompras: '175.00',
        },
      ],
    ]);
    // gravadas 100.00 − 10.00 = 90.00 ; crédito 13.00 − 1.30 = 11.70 ; retenido 1.00 − 0.10 = 0.90 ;
    // total 120.00 − 10.00 + 175.00 = 285.00
    expect(libro.totales).toEqual({
      documentos: 3,
      exentas: '20.00',
      noSujetas: '0.00',
      gravadas: '90.00',
      creditoFiscal: '11.70',
      ivaPercibido: '1.00',
      ivaRetenido: '0.90',
      sujetosExcluidos: '175.00',
      totalCompras: '285.00',
    });
    expect(libro.pendientesDeVerificacion).toEqual([
      { numeroControl: 'DTE-03-S001P001-000000000000004', codigoGeneracion: uuid(4), fecha: '2026-11-12' },
    ]);
  });
});

describe('received documents a person confirms', () => {
  it('count once CONFIRMADO, in the book and anexo 3; while POR_CONFIRMAR they are listed apart', () => {
    const { recibidos } = mesDe(GENERACIONES[0]);
    // CCF 1 (100.00 gravada + 20.00 exenta ; crédito 13.00) confirmed by a person; NC 2 (Nov 10) waiting for one.
    const [c1, c2, ...resto] = recibidos;
    const mes = [{ ...c1!, estado: 'CONFIRMADO' }, { ...c2!, estado: 'POR_CONFIRMAR' }, ...resto];
    const libro = libroDelMes(libroCompras(noviembre), mes, noviembre, 'lineas');
    expect(libro.lineas.map((l) => [l.codigoGeneracion, l.montos.gravadas, l.montos.creditoFiscal])).toEqual([
      [uuid(1), '100.00', '13.00'],
    ]);
    expect(libro.pendientesDeConfirmacion).toEqual([
      { numeroControl: 'DTE-05-S001P001-000000000000002', codigoGeneracion: uuid(2), fecha: '2026-11-10' },
    ]);
    // anexo 3: the confirmed CCF alone, its purchases without IVA 120.00
    const filas = csvDgii(filasAnexoCompras('compras', mes, noviembre, {}))
      .toString('latin1')
      .split('\r\n');
    expect(filas.filter((f) => f.includes(sin(uuid(2))))).toEqual([]);
    expect(filas.filter((f) => f.includes(sin(uuid(1))))).toHaveLength(1);
  });
});

describe('the libro de compras as a table', () => {
  it('adds exentas and no sujetas, and leaves imports at 0.00', () => {
    const { recibidos } = mesDe(GENERACIONES[0]);
    const { tabla, iniciar } = LIBROS['compras']!;
    const [linea] = iniciar(noviembre).dia(recibidos.slice(0, 1));
    expect(tabla!.fila(linea)).toEqual([
      1,
      '2026-11-03',
      '03',
      uuid(1),
      emisor.nit,
      emisor.nombre,
      '20.00',
      '100.00',
      '0.00',
      '13.00',
      '1.00',
      '1.00',
      '0.00',
      '120.00',
    ]);
  });
});

describe('periods before the Renta columns', () => {
  it('writes 0 in Q–T before February 2024, with no classification needed', () => {
    const { c1 } = mesDe(GENERACIONES[0]);
    const enero = periodoDe('2024-01');
    const viejo = { ...c1, fecEmi: '2024-01-15', clasificacion: null };
    expect(comprasSinClasificar([viejo], enero)).toEqual([]);
    expect(csvDgii(filasAnexoCompras('compras', [viejo], enero, {})).toString('latin1')).toBe(
      `15/01/2024;4;03;${sin(uuid(1))};${PROVEEDOR};20.00;0.00;0.00;100.00;0.00;0.00;0.00;13.00;120.00;;0;0;0;0;3\r\n`,
    );
  });
});

describe('the Renta classification (DGII’s table of codes)', () => {
  const valida = (c: object) => clasificacionRenta.safeParse(c).success;
  it('takes a cost of goods bought internally and an administration expense', () => {
    expect(valida(COSTO_INTERNO)).toBe(true);
    expect(valida(GASTO_ADMINISTRACION)).toBe(true);
  });
  it('takes manufacturing costs and labour in industry only', () => {
    expect(valida({ tipoOperacion: 4, clasificacion: 1, sector: 1, tipoCostoGasto: 7 })).toBe(true);
    expect(valida({ tipoOperacion: 4, clasificacion: 1, sector: 2, tipoCostoGasto: 7 })).toBe(false);
  });
  it('refuses a cost typed as an expense, and codes out of the lists', () => {
    expect(valida({ tipoOperacion: 1, clasificacion: 1, sector: 2, tipoCostoGasto: 1 })).toBe(false);
    expect(valida({ tipoOperacion: 5, clasificacion: 1, sector: 2, tipoCostoGasto: 5 })).toBe(false);
    expect(valida({ tipoOperacion: 1, clasificacion: 2, sector: 4 })).toBe(false);
  });
  it('takes 8 and 9 in all four columns at once, not mixed with others', () => {
    expect(valida({ tipoOperacion: 9, clasificacion: 9, sector: 9, tipoCostoGasto: 9 })).toBe(true);
    expect(valida({ tipoOperacion: 8, clasificacion: 8, sector: 8, tipoCostoGasto: 8 })).toBe(true);
    expect(valida({ tipoOperacion: 9, clasificacion: 1, sector: 2, tipoCostoGasto: 5 })).toBe(false);
  });
});

describe('the annex request', () => {
  const pedido = (q: object) => parseRequest(anexoRequest, { anexo: 'compras', periodo: '2026-11', ...q });
  it('takes the four codes together as a classification, checked as a document’s is', () => {
    expect(pedido({ tipoOperacion: '1', clasificacion: '1', sector: '2', tipoCostoGasto: '5' }).clasificacion).toEqual(
      COSTO_INTERNO,
    );
    expect(pedido({}).clasificacion).toBeUndefined();
    expect(() => pedido({ tipoOperacion: '1', clasificacion: '1', sector: '2', tipoCostoGasto: '1' })).toThrow(
      expect.objectContaining({ details: { errors: [expect.objectContaining({ field: 'tipoCostoGasto' })] } }),
    );
    expect(() => pedido({ tipoOperacion: '1' })).toThrow(
      expect.objectContaining({
        details: {
          errors: ['clasificacion', 'sector', 'tipoCostoGasto'].map((field) => expect.objectContaining({ field })),
        },
      }),
    );
  });
});
