import {
  anulacionRequest,
  buildAnulacionV2,
  buildEventoInvalidacion,
  buildInvalidacionV3,
  checkPlazoAnulacion,
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

  it('gives FE and FSE 90 days and CCF, NC, ND and CR 30', () => {
    for (const tipo of ['01', '14']) {
      expect(() => checkPlazoAnulacion(tipo, sello, after(89), PLAZOS_ANULACION_DEFAULT)).not.toThrow();
      expect(refusal(() => checkPlazoAnulacion(tipo, sello, after(90), PLAZOS_ANULACION_DEFAULT)).code).toBe(
        'INVALIDATION_PERIOD_EXPIRED',
      );
    }
    for (const tipo of ['03', '05', '06', '07']) {
      expect(() => checkPlazoAnulacion(tipo, sello, after(29), PLAZOS_ANULACION_DEFAULT)).not.toThrow();
      expect(
        refusal(() => checkPlazoAnulacion(tipo, sello, after(30), PLAZOS_ANULACION_DEFAULT)).details,
      ).toMatchObject({
        plazoDias: 30,
      });
    }
  });

  it('honours configured windows and refuses the retorno, which the anulación v2 schema does not list', () => {
    expect(() => checkPlazoAnulacion('03', sello, after(40), { consumidor: 90, contribuyente: 45 })).not.toThrow();
    expect(refusal(() => checkPlazoAnulacion('18', sello, sello, PLAZOS_ANULACION_DEFAULT)).code).toBe(
      'INVALID_ORIGIN_TYPE',
    );
  });

  it("applies MH's own windows when configured: FE/FSE 3 months, the others until the end of the next day", () => {
    // Sello 2026-01-15 10:00 in El Salvador (16:00 UTC).
    const sellado = new Date('2026-01-15T16:00:00Z');
    // CCF: until 2026-01-16 23:59:59 El Salvador = 2026-01-17 05:59:59 UTC.
    expect(() => checkPlazoAnulacion('03', sellado, new Date('2026-01-17T05:59:58Z'), 'MH')).not.toThrow();
    expect(refusal(() => checkPlazoAnulacion('03', sellado, new Date('2026-01-17T06:00:01Z'), 'MH')).code).toBe(
      'INVALIDATION_PERIOD_EXPIRED',
    );
    // FE: until 2026-04-15 23:59:59 El Salvador = 2026-04-16 05:59:59 UTC.
    expect(() => checkPlazoAnulacion('01', sellado, new Date('2026-04-16T05:59:58Z'), 'MH')).not.toThrow();
    expect(refusal(() => checkPlazoAnulacion('14', sellado, new Date('2026-04-16T06:00:01Z'), 'MH')).code).toBe(
      'INVALIDATION_PERIOD_EXPIRED',
    );
  });
});
