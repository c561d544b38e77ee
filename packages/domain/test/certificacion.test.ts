import {
  buildDocument,
  CUOTAS_CERTIFICACION,
  DteError,
  digitoVerificadorDui,
  digitoVerificadorNit,
  documentKind,
  dte01Request,
  ensayoDeContingencia,
  esDuiValido,
  esNitValido,
  esNrcValido,
  esquemaDe,
  generarAnulacion,
  generarSolicitud,
  anulacionExigeReemplazo,
  anulacionRequest,
  GENERACIONES,
  ordenDelPlan,
  parsePlan,
  comprobarPlan,
  comprobarRitmo,
  type PlanCertificacion,
  parseRequest,
  planPorDefecto,
  TIPOS_CERTIFICABLES,
  tipoAnulacionDe,
  tipoContingenciaDe,
  validateMhSchema,
  versionEn,
  DTE_TIPOS,
  type CcfAceptado,
  type Dte,
  type Generacion,
  type TipoCertificable,
} from '../src';
import { context } from './support/fixtures';
import { aceptado } from './support/origen';

const SEMILLA = 'campaña-demo';
const FECHA = '2026-11-20';

/** The codigoGeneracion of the campaign's j-th CCF, as MH accepted it. */
const codigoCcf = (j: number) => `0000000${j % 10}-AAAA-4BBB-8CCC-${String(j).padStart(12, '0')}`;
const ccfs = (n: number): CcfAceptado[] =>
  Array.from({ length: n }, (_, j) => ({ indice: j, codigoGeneracion: codigoCcf(j) }));

const opciones = (generacion: Generacion, semilla = SEMILLA) => ({ semilla, generacion, fecha: FECHA, ccfs: ccfs(5) });

/** Builds a request as issuance does, in a generation, with the accepted CCFs a note names. */
function construir(tipo: TipoCertificable, generacion: Generacion, cuerpo: object, origenes: Dte[] = []): Dte {
  const kind = documentKind(tipo);
  const request = parseRequest(kind.requestSchema, cuerpo);
  return buildDocument(
    tipo,
    versionEn(tipo, generacion),
    context(kind.tipoDte),
    request,
    origenes.map((o) => aceptado(o)),
  );
}

function ccfConstruido(generacion: Generacion, j: number): Dte {
  const cuerpo = generarSolicitud('CREDITO_FISCAL', j, opciones(generacion));
  const request = parseRequest(documentKind('CREDITO_FISCAL').requestSchema, cuerpo);
  const ctx = context('03', { codigoGeneracion: codigoCcf(j) });
  return buildDocument('CREDITO_FISCAL', versionEn('CREDITO_FISCAL', generacion), ctx, request);
}

describe('certification plan', () => {
  it("is MH's table (Manual Funcional v1.2 §X) reduced to the kinds the emisor issues", () => {
    expect(planPorDefecto(DTE_TIPOS)).toEqual({
      documentos: {
        FACTURA_CONSUMIDOR_FINAL: 90,
        CREDITO_FISCAL: 75,
        NOTA_REMISION: 50,
        NOTA_CREDITO: 50,
        NOTA_DEBITO: 25,
        COMPROBANTE_RETENCION: 50,
        COMPROBANTE_LIQUIDACION: 75,
        DOCUMENTO_CONTABLE_LIQUIDACION: 50,
        FACTURA_EXPORTACION: 90,
        SUJETO_EXCLUIDO: 25,
        COMPROBANTE_DONACION: 25,
      },
      invalidaciones: 5,
      contingencias: 5,
    });
    expect(planPorDefecto(['FACTURA_CONSUMIDOR_FINAL', 'SUJETO_EXCLUIDO', 'RETORNO']).documentos).toEqual({
      FACTURA_CONSUMIDOR_FINAL: 90,
      SUJETO_EXCLUIDO: 25,
    });
    // Notes without CCFs to adjust cannot be issued: they leave the default plan.
    expect(planPorDefecto(['NOTA_CREDITO', 'NOTA_DEBITO']).documentos).toEqual({});
  });

  it('orders every original before the notes that adjust it', () => {
    const orden = ordenDelPlan(parsePlan('05=3,06=3,03=3,01=2', DTE_TIPOS));
    expect(orden).toEqual(['FACTURA_CONSUMIDOR_FINAL', 'CREDITO_FISCAL', 'NOTA_CREDITO', 'NOTA_DEBITO']);
  });

  it('takes a plan at its bounds, and a ritmo up to 30 a minute only', () => {
    expect(parsePlan('01=200,03=200,05=200,invalidacion=25,contingencia=25', DTE_TIPOS)).toEqual({
      documentos: { FACTURA_CONSUMIDOR_FINAL: 200, CREDITO_FISCAL: 200, NOTA_CREDITO: 200 },
      invalidaciones: 25,
      contingencias: 25,
    });
    expect(() => comprobarRitmo(30)).not.toThrow();
    expect(() => comprobarRitmo(0.5)).not.toThrow();
    for (const ritmo of [31, 600, 0, -1, '10', null])
      expect(() => comprobarRitmo(ritmo)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    // A plan started by hand (the Temporal UI) is checked as the parsed one.
    const aMano = (documentos: Record<string, unknown>) => () =>
      comprobarPlan({ documentos, invalidaciones: 0, contingencias: 0 } as PlanCertificacion, DTE_TIPOS);
    expect(aMano({ FACTURA_CONSUMIDOR_FINAL: 200 })).not.toThrow();
    for (const n of [201, -1, 1.5, '5'])
      expect(aMano({ FACTURA_CONSUMIDOR_FINAL: n })).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it("parses the CLI's --plan", () => {
    expect(parsePlan(' 01=3, 03=3,05=2 ,invalidacion=2,Contingencia=5,14=0', DTE_TIPOS)).toEqual({
      documentos: { FACTURA_CONSUMIDOR_FINAL: 3, CREDITO_FISCAL: 3, NOTA_CREDITO: 2 },
      invalidaciones: 2,
      contingencias: 5,
    });
  });

  const errores: [string, string, string][] = [
    ['01=90,03', 'plan.03', 'no tiene la forma'],
    ['01=-1', 'plan.01=-1', 'no tiene la forma'],
    ['01=1.5', 'plan.01=1.5', 'no tiene la forma'],
    ['', 'plan.', 'vacío'],
    ['99=1', 'plan.99=1', 'no es un tipo de DTE que MH certifique'],
    ['18=1', 'plan.18=1', 'no es un tipo de DTE que MH certifique'],
    ['01=1,01=2', 'plan.01=2', 'dos veces'],
    ['11=5', 'plan.11=5', 'no está autorizado a emitir el DTE 11'],
    ['01=1,05=2', 'plan.05', 'debe incluir 03'],
    // Beyond what MH's test environment needs: 200 documents of a kind, 25 of each event.
    ['01=99999', 'plan.01', 'se admiten de 0 a 200 (MH pide 90)'],
    ['01=90,03=201', 'plan.03', 'se admiten de 0 a 200 (MH pide 75)'],
    ['01=200,invalidacion=26', 'plan.invalidacion', 'se admiten de 0 a 25 (MH pide 5)'],
    ['01=200,contingencia=26', 'plan.contingencia', 'se admiten de 0 a 25 (MH pide 5)'],
  ];
  it.each(errores)('refuses %j: 400 VALIDATION_ERROR naming %s', (texto, campo, mensaje) => {
    const autorizados = DTE_TIPOS.filter((t) => t !== 'FACTURA_EXPORTACION');
    let error: unknown;
    try {
      parsePlan(texto, autorizados);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DteError);
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    const [detalle] = (error as DteError).details['errors'] as { field: string; message: string }[];
    expect(detalle!.field).toBe(campo);
    expect(detalle!.message).toContain(mensaje);
  });

  it('gives the contingency events the CAT-005 tipos in turn', () => {
    expect([0, 1, 2, 3, 4, 5].map(tipoContingenciaDe)).toEqual([1, 2, 3, 4, 5, 1]);
  });

  it('rehearses each event in a Factura of its tipo, with the motivo MH requires for 5 (Otro)', () => {
    for (const indice of [0, 1, 2, 3, 4]) {
      const cuerpo = {
        ...generarSolicitud('FACTURA_CONSUMIDOR_FINAL', indice, opciones('2023')),
        ...ensayoDeContingencia(indice),
      };
      const request = parseRequest(dte01Request, cuerpo);
      expect(documentKind('FACTURA_CONSUMIDOR_FINAL').motivoEnsayo!(request)).toEqual({
        tipoContingencia: indice + 1,
        motivoContingencia: indice === 4 ? expect.any(String) : null,
      });
    }
  });
});

describe('check digits', () => {
  // By hand: DUI 00016297: 0·9+0·8+0·7+1·6+6·5+2·4+9·3+7·2 = 85, 10 − 5 = 5.
  it('DUI: weights 9…2, complement to 10', () => {
    expect(digitoVerificadorDui('00016297')).toBe(5);
    expect(esDuiValido('000162975')).toBe(true);
    expect(esDuiValido('000162970')).toBe(false);
  });
  // By hand, correlativo 104 > 100: 0·2+6·7+1·6+4·5+0·4+5·3+0·2+7·7+0·6+7·5+1·4+0·3+4·2 = 179,
  // 179 mod 11 = 3, 11 − 3 = 8. 0614-030915-112: 182 mod 11 = 6, 11 − 6 = 5.
  it('NIT: mod 11 with the weights of its correlativo', () => {
    expect(digitoVerificadorNit('0614050707104')).toBe(8);
    expect(esNitValido('06140309151125')).toBe(true);
    expect(esNitValido('06140309151120')).toBe(false);
    // Correlativo ≤ 100, weights 14…2: 0·14+6·13+1·12+4·11+0·10+1·9+0·8+1·7+9·6+0·5+0·4+5·3+0·2 = 219, 219 mod 11 = 10 → 0.
    expect(digitoVerificadorNit('0614010190050')).toBe(0);
  });
  // By hand, the DUI's rule on the body 12345 (weights 6…2): 1·6+2·5+3·4+4·3+5·2 = 50, 10 − 0 → 0.
  it('NRC: the DUI rule on its body', () => {
    expect(esNrcValido('123450')).toBe(true);
    expect(esNrcValido('123451')).toBe(false);
    expect(esNrcValido('0123450')).toBe(false);
  });
});

describe.each(GENERACIONES)('certification generator, %s generation', (generacion) => {
  const ccfsConstruidos = Array.from({ length: 5 }, (_, j) => ccfConstruido(generacion, j));

  it.each(TIPOS_CERTIFICABLES)('%s: 30 requests parse and build documents valid against the MH schema', (tipo) => {
    const version = versionEn(tipo, generacion);
    const esquema = esquemaDe(documentKind(tipo).tipoDte, version)!;
    for (let i = 0; i < 30; i++) {
      const cuerpo = generarSolicitud(tipo, i, opciones(generacion));
      const origenes = tipo === 'NOTA_CREDITO' || tipo === 'NOTA_DEBITO' ? [ccfsConstruidos[i % 5]!] : [];
      const dte = construir(tipo, generacion, cuerpo, origenes);
      expect(validateMhSchema(esquema, dte)).toEqual([]);
    }
  });

  it('credit notes never credit more than their CCF, all of them together', () => {
    // 50 credit notes on 5 CCFs: 10 passes over each.
    const acreditado = new Map<string, number>();
    for (let i = 0; i < 50; i++) {
      const ccf = ccfsConstruidos[i % 5]!;
      const codigo = ccf.identificacion.codigoGeneracion;
      const cuerpo = generarSolicitud('NOTA_CREDITO', i, opciones(generacion));
      const previo = acreditado.get(codigo) ?? 0;
      const request = parseRequest(documentKind('NOTA_CREDITO').requestSchema, cuerpo);
      // Built against the CCF with what the earlier notes took: the builder refuses an excess.
      const dte = buildDocument('NOTA_CREDITO', versionEn('NOTA_CREDITO', generacion), context('05'), request, [
        aceptado(ccf, { montoAcreditado: previo.toFixed(2) }),
      ]);
      acreditado.set(codigo, previo + (dte['resumen'] as { montoTotalOperacion: number }).montoTotalOperacion);
    }
    for (const ccf of ccfsConstruidos)
      expect(acreditado.get(ccf.identificacion.codigoGeneracion)!).toBeLessThanOrEqual(
        (ccf['resumen'] as { montoTotalOperacion: number }).montoTotalOperacion,
      );
  });
});

describe('variety and determinism', () => {
  const facturas = Array.from({ length: 90 }, (_, i) =>
    generarSolicitud('FACTURA_CONSUMIDOR_FINAL', i, opciones('2026')),
  );

  it('90 Facturas differ in receptor, amounts and shape', () => {
    const receptores = new Set(facturas.map((f) => JSON.stringify(f['receptor'])));
    const totales = new Set(
      facturas.map((f) => {
        const dte = construir('FACTURA_CONSUMIDOR_FINAL', '2026', f);
        return (dte['resumen'] as { totalPagar: number }).totalPagar;
      }),
    );
    const forma = (f: Record<string, unknown>) =>
      JSON.stringify([
        (f['items'] as { tipoImpuesto: string; montoDescu: number }[]).map((i) => [i.tipoImpuesto, i.montoDescu > 0]),
        'descuento' in f,
        f['condicionOperacion'],
        'pagos' in f,
        'tipoDocumento' in (f['receptor'] as object),
      ]);
    expect(receptores.size).toBeGreaterThanOrEqual(85);
    expect(totales.size).toBeGreaterThanOrEqual(85);
    expect(new Set(facturas.map(forma)).size).toBeGreaterThanOrEqual(40);
    const impuestos = new Set(
      facturas.flatMap((f) => (f['items'] as { tipoImpuesto: string }[]).map((i) => i.tipoImpuesto)),
    );
    expect([...impuestos].sort()).toEqual(['EXENTO', 'GRAVADO', 'NO_SUJETO']);
    expect(new Set(facturas.map((f) => f['condicionOperacion']))).toEqual(new Set([1, 2, 3]));
  });

  it('varies what MH asks to see across the kinds', () => {
    const de = (tipo: TipoCertificable, n = 40) =>
      Array.from({ length: n }, (_, i) => generarSolicitud(tipo, i, opciones('2026')));
    expect(de('CREDITO_FISCAL').some((c) => c['isRetenIva'] === true)).toBe(true);
    expect(de('CREDITO_FISCAL').some((c) => Array.isArray(c['pagos']))).toBe(true);
    const fex = de('FACTURA_EXPORTACION');
    expect(new Set(fex.map((f) => (f['receptor'] as { codPais: string }).codPais)).size).toBeGreaterThanOrEqual(6);
    expect(fex.some((f) => (f['exportacion'] as { codIncoterms?: string }).codIncoterms)).toBe(true);
    expect(new Set(fex.map((f) => (f['exportacion'] as { tipoItemExpor: number }).tipoItemExpor))).toEqual(
      new Set([1, 2, 3]),
    );
    expect(de('SUJETO_EXCLUIDO').some((s) => s['applyrent'] === true)).toBe(true);
    expect(
      new Set(
        de('COMPROBANTE_DONACION').flatMap((d) =>
          (d['items'] as { tipoDonacion: number }[]).map((i) => i.tipoDonacion),
        ),
      ),
    ).toEqual(new Set([1, 2, 3]));
  });

  it('receptors carry valid check digits and real addresses', () => {
    for (let i = 0; i < 40; i++) {
      const r = generarSolicitud('CREDITO_FISCAL', i, opciones('2026'))['receptor'] as Record<string, string>;
      expect(esNitValido(r['nit']!)).toBe(true);
      expect(esNrcValido(r['nrc']!)).toBe(true);
      const s = generarSolicitud('SUJETO_EXCLUIDO', i, opciones('2026'))['sujetoExcluido'] as Record<string, string>;
      expect(esDuiValido(s['numDocumento']!)).toBe(true);
    }
  });

  it('the same seed gives the same documents; another seed, others', () => {
    for (const tipo of TIPOS_CERTIFICABLES) {
      const una = Array.from({ length: 5 }, (_, i) => generarSolicitud(tipo, i, opciones('2026')));
      const otra = Array.from({ length: 5 }, (_, i) => generarSolicitud(tipo, i, opciones('2026')));
      const distinta = Array.from({ length: 5 }, (_, i) => generarSolicitud(tipo, i, opciones('2026', 'otra-semilla')));
      expect(otra).toEqual(una);
      expect(distinta).not.toEqual(una);
    }
  });

  it('every quota can be generated', () => {
    const todos = opciones('2026');
    for (const tipo of TIPOS_CERTIFICABLES) {
      const n = CUOTAS_CERTIFICACION[tipo];
      const o = { ...todos, ccfs: ccfs(CUOTAS_CERTIFICACION.CREDITO_FISCAL) };
      for (let i = 0; i < n; i++) parseRequest(documentKind(tipo).requestSchema, generarSolicitud(tipo, i, o));
    }
  });
});

describe('invalidations', () => {
  it('take the CAT-024 tipos in turn, each naming a replacement where MH requires one', () => {
    expect([0, 1, 2, 3].map(tipoAnulacionDe)).toEqual([2, 1, 3, 2]);
    const casos: [Generacion, 'FACTURA_CONSUMIDOR_FINAL' | 'NOTA_CREDITO', number, boolean][] = [
      ['2026', 'FACTURA_CONSUMIDOR_FINAL', 0, false],
      ['2026', 'FACTURA_CONSUMIDOR_FINAL', 1, true],
      ['2026', 'FACTURA_CONSUMIDOR_FINAL', 2, true],
      // A 2026 credit note is invalidated first, without replacement; the 2023 event requires one.
      ['2026', 'NOTA_CREDITO', 1, false],
      ['2023', 'NOTA_CREDITO', 1, true],
    ];
    for (const [generacion, tipo, indice, exige] of casos) {
      expect(anulacionExigeReemplazo(tipo, generacion, indice)).toBe(exige);
      const documento = { tipo, codigoGeneracion: codigoCcf(1) };
      const cuerpo = generarAnulacion({ semilla: SEMILLA, generacion }, indice, documento, exige ? codigoCcf(2) : null);
      const request = parseRequest(anulacionRequest, cuerpo);
      expect(request.codigoGeneracionR ?? null).toBe(exige ? codigoCcf(2) : null);
      expect(request.motivo.tipoAnulacion).toBe(tipoAnulacionDe(indice));
      expect(esDuiValido(request.motivo.numDocResponsable)).toBe(true);
    }
    expect(() =>
      generarAnulacion({ semilla: SEMILLA, generacion: '2026' }, 1, {
        tipo: 'CREDITO_FISCAL',
        codigoGeneracion: codigoCcf(1),
      }),
    ).toThrow(/needs its replacement/);
  });
});
