import {
  anulacionRequest,
  buildAnulacionV2,
  buildEventoInvalidacion,
  buildInvalidacionV3,
  checkPlazoAnulacion,
  checkReemplazo,
  parseRequest,
  PLAZOS_ANULACION_DEFAULT,
  type InvalidatedDocument,
} from '../src';
import { emisor } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const EVENTO = 'A1B2C3D4-0000-4000-8000-000000000001';
const ORIGINAL = '341CA743-70F1-4CFE-88BC-7E4AE72E60CB';
const ctx = {
  ambiente: '00' as const,
  codigoGeneracion: EVENTO,
  fecAnula: '2026-11-21',
  horAnula: '08:00:00',
  emisor,
  nomEstablecimiento: 'Casa matriz',
};
const motivo = {
  tipoAnulacion: 2,
  nombreResponsable: 'María Gómez',
  tipDocResponsable: '13',
  numDocResponsable: '01234567-8',
  nombreSolicita: 'Juan Pérez',
  tipDocSolicita: '36',
  numDocSolicita: '0614-010101-101-0',
};
const request = parseRequest(anulacionRequest, { codigoGeneracion: ORIGINAL, motivo });

function original(tipoDte: string, dteJson: Record<string, unknown>): InvalidatedDocument {
  return {
    tipoDte,
    codigoGeneracion: ORIGINAL,
    selloRecibido: '2026ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.slice(0, 40),
    numeroControl: `DTE-${tipoDte}-M001P001-000000000000001`,
    fecEmi: '2026-11-20',
    dteJson,
  };
}

describe('buildAnulacionV2', () => {
  it('builds a schema-valid event for a Factura: receptor, IVA, emisor telephone without hyphens', () => {
    const evento = buildAnulacionV2(
      ctx,
      original('01', {
        receptor: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Juan Pérez', telefono: '7777-8888' },
        resumen: { totalIva: 2.6 },
      }),
      request,
    ) as Record<string, Record<string, unknown>>;
    expect(evento.identificacion).toEqual({
      version: 2,
      ambiente: '00',
      codigoGeneracion: EVENTO,
      fecAnula: '2026-11-21',
      horAnula: '08:00:00',
    });
    expect(evento.emisor).toMatchObject({ nit: emisor.nit, telefono: '22223333', nomEstablecimiento: 'Casa matriz' });
    expect(evento.documento).toMatchObject({
      tipoDte: '01',
      codigoGeneracion: ORIGINAL,
      montoIva: 2.6,
      codigoGeneracionR: null,
      tipoDocumento: '13',
      numDocumento: '012345678',
      telefono: '77778888',
    });
    expect(evento.motivo).toMatchObject({ tipoAnulacion: 2, motivoAnulacion: null, numDocResponsable: '012345678' });
  });

  it('identifies a CCF receptor by its NIT and takes the IVA from tributo 20', () => {
    const evento = buildAnulacionV2(
      ctx,
      original('03', {
        receptor: { nit: '06140101011010', nrc: '1234567', nombre: 'Cliente S.A.' },
        resumen: { tributos: [{ codigo: '20', descripcion: 'IVA', valor: 13 }] },
      }),
      request,
    ) as Record<string, Record<string, unknown>>;
    expect(evento.documento).toMatchObject({ tipoDocumento: '36', numDocumento: '06140101011010', montoIva: 13 });
  });

  it("refuses what MH's schema refuses, naming MH's path (an anonymous consumer has no document)", () => {
    const err = refusal(() =>
      buildAnulacionV2(
        ctx,
        original('01', { receptor: { tipoDocumento: null, numDocumento: null, nombre: null } }),
        request,
      ),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(err)).toContain('#/documento/tipoDocumento');
  });
});

describe('buildInvalidacionV3 (Normativa DTE 2.0)', () => {
  it('builds a schema-valid event for a Factura dated by the event, with every receptor field and fusion', () => {
    const evento = buildInvalidacionV3(
      ctx,
      original('01', {
        receptor: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Juan Pérez', telefono: '7777-8888' },
        resumen: { totalIva: 2.6 },
      }),
      request,
    );
    expect(evento.identificacion).toEqual({
      version: 3,
      ambiente: '00',
      codigoGeneracion: EVENTO,
      fecEmi: '2026-11-21',
      horEmi: '08:00:00',
      fusion: null,
    });
    expect(evento.emisor).toEqual({
      nit: emisor.nit,
      nombre: emisor.nombre,
      codEstableMH: 'M001',
      codEstable: 'M001',
      codPuntoVentaMH: 'P001',
      codPuntoVenta: 'P001',
      telefono: '22223333',
      correo: emisor.correo,
    });
    // No montoIva in v3; the receptor's e-mail is null rather than left out.
    expect(evento.documento).toEqual({
      tipoDte: '01',
      codigoGeneracion: ORIGINAL,
      selloRecibido: original('01', {}).selloRecibido,
      numeroControl: 'DTE-01-M001P001-000000000000001',
      fecEmi: '2026-11-20',
      codigoGeneracionR: null,
      tipoDocumento: '13',
      numDocumento: '012345678',
      nombre: 'Juan Pérez',
      telefono: '77778888',
      correo: null,
    });
  });

  it("dates the invalidation of a CCF-family document with that document's date (MH answers 027 otherwise)", () => {
    const evento = buildInvalidacionV3(
      ctx,
      original('03', { receptor: { nit: '06140101011010', nrc: '1234567', nombre: 'Cliente S.A.' } }),
      request,
    );
    expect(evento.identificacion.fecEmi).toBe('2026-11-20');
    expect(evento.documento).toMatchObject({ tipoDocumento: '36', numDocumento: '06140101011010' });
  });

  it('follows the generation it is issued in, whatever the generation of the document it invalidates', () => {
    const fe = original('01', {
      receptor: { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Juan Pérez' },
      resumen: { totalIva: 1.3 },
    });
    expect(buildEventoInvalidacion('2023', ctx, fe, request).identificacion).toMatchObject({ version: 2 });
    expect(buildEventoInvalidacion('2026', ctx, fe, request).identificacion).toMatchObject({ version: 3 });
  });
});

describe('checkPlazoAnulacion', () => {
  const sello = new Date('2026-01-01T00:00:00Z');
  const after = (days: number) => new Date(sello.getTime() + days * 86_400_000 + 1000);
  // Wide enough that MH's own windows never bind first: only the spec's days are under test here.
  const dias = (tipo: string, ahora: Date, plazos = PLAZOS_ANULACION_DEFAULT) =>
    checkPlazoAnulacion(tipo, '2026', sello, ahora, plazos);

  it("bounds MH's windows by the spec's days when configured: FE and FSE 90 days", () => {
    for (const tipo of ['01', '14']) {
      expect(() => dias(tipo, after(89))).not.toThrow();
      expect(refusal(() => dias(tipo, after(90))).details).toMatchObject({ plazoDias: 90 });
    }
  });

  it('refuses the retorno in the 2023 generation, whose anulación v2 cannot name it, and takes it in 2026', () => {
    expect(refusal(() => checkPlazoAnulacion('18', '2023', sello, sello, 'MH')).code).toBe('INVALID_ORIGIN_TYPE');
    expect(() => checkPlazoAnulacion('18', '2026', sello, sello, 'MH')).not.toThrow();
  });

  // Sello 2026-01-15 10:00 in El Salvador (16:00 UTC, a Thursday). A limit "until D 23:59:59 El Salvador"
  // is D+1 05:59:59 UTC; each case checks a second before and a second after it.
  const sellado = new Date('2026-01-15T16:00:00Z');
  function limite(tipo: string, generacion: '2023' | '2026', finUtc: string) {
    const fin = new Date(finUtc).getTime();
    expect(() => checkPlazoAnulacion(tipo, generacion, sellado, new Date(fin - 1000), 'MH')).not.toThrow();
    const r = refusal(() => checkPlazoAnulacion(tipo, generacion, sellado, new Date(fin + 2000), 'MH'));
    expect([r.code, r.details]).toEqual(['INVALIDATION_PERIOD_EXPIRED', { limite: new Date(fin).toISOString() }]);
  }

  it('2023 (Manual Funcional v1.2 §VIII): FE/FEX/FSE 3 months, the others until the end of the next day', () => {
    // 2026-04-15 23:59:59 El Salvador.
    for (const tipo of ['01', '11', '14']) limite(tipo, '2023', '2026-04-16T05:59:59Z');
    // 2026-01-16 23:59:59 El Salvador.
    for (const tipo of ['03', '04', '05', '06', '07', '08', '09', '15']) limite(tipo, '2023', '2026-01-17T05:59:59Z');
  });

  it('2026 (Normativa 2.0 annex): CCF/CR/NC/ND 1 day, NR/CD/retorno 4, CL/DCL the 10th business day of next month', () => {
    for (const tipo of ['01', '11', '14']) limite(tipo, '2026', '2026-04-16T05:59:59Z');
    for (const tipo of ['03', '05', '06', '07']) limite(tipo, '2026', '2026-01-17T05:59:59Z');
    // 15 + 4 = 2026-01-19 23:59:59 El Salvador.
    for (const tipo of ['04', '15', '18']) limite(tipo, '2026', '2026-01-20T05:59:59Z');
    // February 2026 starts on a Sunday: business days 2-6 (1st-5th) and 9-13 (6th-10th): Friday the 13th.
    for (const tipo of ['08', '09']) limite(tipo, '2026', '2026-02-14T05:59:59Z');
  });

  it('clamps three months to the last day of a shorter month', () => {
    // Sello 2026-11-30 10:00 El Salvador: three months later is February 2027, which ends on the 28th.
    const noviembre = new Date('2026-11-30T16:00:00Z');
    expect(() => checkPlazoAnulacion('01', '2026', noviembre, new Date('2027-03-01T05:59:58Z'), 'MH')).not.toThrow();
    expect(
      refusal(() => checkPlazoAnulacion('01', '2026', noviembre, new Date('2027-03-01T06:00:01Z'), 'MH')).code,
    ).toBe('INVALIDATION_PERIOD_EXPIRED');
  });

  it("takes MH's window when it ends before the spec's days", () => {
    // A CCF in 2026: MH's 1 day binds before the spec's 30 days, and the refusal names MH's limit.
    const r = refusal(() =>
      checkPlazoAnulacion('03', '2026', sellado, new Date('2026-01-18T00:00:00Z'), PLAZOS_ANULACION_DEFAULT),
    );
    expect(r.details).toEqual({ limite: '2026-01-17T05:59:59.000Z' });
  });
});

describe('checkReemplazo', () => {
  const R = 'B1B2C3D4-0000-4000-8000-000000000002';
  it('requires the replacement for types 1 and 3 except for a 2026 NC, CL or retorno, which must name none', () => {
    for (const tipo of [1, 3]) {
      expect(() => checkReemplazo('03', '2026', tipo, R)).not.toThrow();
      expect(fieldsOf(refusal(() => checkReemplazo('03', '2026', tipo, null)))).toEqual(['codigoGeneracionR']);
      // The retorno (18) only the 2026 event can name.
      expect(() => checkReemplazo('18', '2026', tipo, null)).not.toThrow();
      expect(fieldsOf(refusal(() => checkReemplazo('18', '2026', tipo, R)))).toEqual(['codigoGeneracionR']);
      for (const tipoDte of ['05', '08']) {
        expect(() => checkReemplazo(tipoDte, '2026', tipo, null)).not.toThrow();
        expect(fieldsOf(refusal(() => checkReemplazo(tipoDte, '2026', tipo, R)))).toEqual(['codigoGeneracionR']);
        // anulacion-schema-v2 requires a string for types 1 and 3 whatever the kind.
        expect(fieldsOf(refusal(() => checkReemplazo(tipoDte, '2023', tipo, null)))).toEqual(['codigoGeneracionR']);
      }
    }
    expect(() => checkReemplazo('05', '2026', 2, null)).not.toThrow();
  });

  it('is checked when the event is built, whichever door started the invalidation', () => {
    const nc = original('05', { receptor: { nit: '06140101011010', nombre: 'Cliente S.A.' } });
    const conReemplazo = parseRequest(anulacionRequest, {
      codigoGeneracion: ORIGINAL,
      codigoGeneracionR: R,
      motivo: { ...motivo, tipoAnulacion: 1 },
    });
    expect(fieldsOf(refusal(() => buildEventoInvalidacion('2026', ctx, nc, conReemplazo)))).toEqual([
      'codigoGeneracionR',
    ]);
  });
});
