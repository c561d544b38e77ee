import {
  buildDocument,
  buildEventoContingencia,
  dte01Request,
  dte07Request,
  enContingencia,
  examples,
  generacionEventoContingencia,
  MAX_DOCUMENTOS_EVENTO_CONTINGENCIA,
  MOTIVO_MH_NO_DISPONIBLE,
  motivoContingenciaDe,
  parseRequest,
  puedeEmitirseEnContingencia,
  validateMhSchema,
  type Dte,
} from '../src';
import { CODIGO_GENERACION, context, emisor, FEC_EMI, HOR_EMI } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const EVENTO = 'A1B2C3D4-0000-4000-8000-000000000002';
const factura = (version = 1) =>
  buildDocument(
    'FACTURA_CONSUMIDOR_FINAL',
    version,
    context('01'),
    parseRequest(dte01Request, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    }),
  );

const retencion = (version: number): Dte =>
  buildDocument(
    'COMPROBANTE_RETENCION',
    version,
    context('07'),
    parseRequest(dte07Request, {
      receptor: examples.contribuyente,
      cuerpoDocumento: [
        {
          numItem: 1,
          tipoDte: '03',
          tipoGeneracion: 1,
          numDocumento: 'A1',
          fechaEmision: FEC_EMI,
          montoSujetoGrav: 100,
          codigoRetencionMH: '22',
          ivaRetenido: 1,
          descripcion: 'Retención',
        },
      ],
    }),
  );

describe('enContingencia', () => {
  it.each([1, 2])(
    'turns a Factura v%s into its contingency form, keeping its identifiers, version and content',
    (v) => {
      const dte = factura(v);
      const diferido = enContingencia(dte);
      expect(diferido.identificacion).toEqual({
        ...dte.identificacion,
        tipoModelo: 2,
        tipoOperacion: 2,
        tipoContingencia: 1,
        motivoContin: null,
      });
      expect({ ...diferido, identificacion: null }).toEqual({ ...dte, identificacion: null });
    },
  );

  it.each([1, 2])("carries a rehearsal's CAT-005 tipo and motivo in a Factura v%s, valid against its schema", (v) => {
    const otro = { tipoContingencia: 5 as const, motivoContingencia: 'Corte del proveedor de nube' };
    const diferido = enContingencia(factura(v), otro);
    expect(diferido.identificacion).toMatchObject({ tipoContingencia: 5, motivoContin: 'Corte del proveedor de nube' });
    expect(validateMhSchema(v === 1 ? 'fe-fc-v1' : 'fe-f-v2', diferido)).toEqual([]);
    expect(motivoContingenciaDe(diferido)).toEqual(otro);
    expect(motivoContingenciaDe(enContingencia(factura(v)))).toEqual(MOTIVO_MH_NO_DISPONIBLE);
  });

  it('refuses a CR v1, which MH takes only in normal transmission; a CR v2 may enter contingency', () => {
    expect(puedeEmitirseEnContingencia(retencion(1))).toBe(false);
    expect(refusal(() => enContingencia(retencion(1))).code).toBe('VALIDATION_ERROR');
    const cr2 = enContingencia(retencion(2));
    expect(cr2.identificacion).toMatchObject({ version: 2, tipoModelo: 2, tipoOperacion: 2 });
    expect(validateMhSchema('fe-cr-v2', cr2)).toEqual([]);
  });
});

describe('the generation of an Evento de Contingencia', () => {
  const d = (tipoDte: string, version: number) => ({ codigoGeneracion: CODIGO_GENERACION, tipoDte, version });
  it('is the one in force, unless it lists a 2026 document, which only v4 lists', () => {
    expect(generacionEventoContingencia('2023', [d('01', 1), d('03', 3)])).toBe('2023');
    expect(generacionEventoContingencia('2026', [d('01', 1), d('03', 3)])).toBe('2026');
    expect(generacionEventoContingencia('2023', [d('01', 1), d('01', 2)])).toBe('2026');
    // The retorno is a 2026 document whatever the emisor's generation.
    expect(generacionEventoContingencia('2023', [d('18', 1)])).toBe('2026');
  });
});

describe('buildEventoContingencia', () => {
  const ctx = {
    ambiente: '00' as const,
    codigoGeneracion: EVENTO,
    transmision: { fecha: FEC_EMI, hora: '11:00:00' },
    emisor,
    inicio: { fecha: FEC_EMI, hora: HOR_EMI },
    fin: { fecha: FEC_EMI, hora: '11:00:00' },
    motivo: MOTIVO_MH_NO_DISPONIBLE,
  };

  const documentos = [
    { codigoGeneracion: CODIGO_GENERACION, tipoDte: '01', version: 1 },
    { codigoGeneracion: EVENTO.replace('A1', 'B1'), tipoDte: '03', version: 4 },
  ];

  it('builds a schema-valid v3 event listing the documents in order, the taxpayer answering for it', () => {
    const evento = buildEventoContingencia('2023', ctx, documentos);
    expect(validateMhSchema('contingencia-schema-v3', evento)).toEqual([]);
    expect(evento.identificacion).toMatchObject({ version: 3 });
    expect(evento.emisor).toMatchObject({ codEstableMH: 'M001', codPuntoVenta: 'P001' });
    expect(evento.detalleDTE).toEqual([
      { noItem: 1, codigoGeneracion: CODIGO_GENERACION, tipoDoc: '01' },
      { noItem: 2, codigoGeneracion: EVENTO.replace('A1', 'B1'), tipoDoc: '03' },
    ]);
    expect(evento.motivo).toEqual({
      fInicio: FEC_EMI,
      fFin: FEC_EMI,
      hInicio: HOR_EMI,
      hFin: '11:00:00',
      tipoContingencia: 1,
      motivoContingencia: null,
    });
    expect(evento.emisor).toMatchObject({
      nit: emisor.nit,
      tipoDocResponsable: '36',
      numeroDocResponsable: emisor.nit,
    });
  });

  it("builds a schema-valid v4 event, which names the point of sale by MH's code", () => {
    const evento = buildEventoContingencia('2026', ctx, documentos);
    expect(validateMhSchema('contingencia-schema-v4', evento)).toEqual([]);
    expect(evento.identificacion).toMatchObject({ version: 4 });
    expect(evento.emisor).toMatchObject({ codEstableMH: 'M001', codPuntoVentaMH: 'P001' });
    expect(evento.emisor).not.toHaveProperty('codPuntoVenta');
  });

  it.each(['2023', '2026'] as const)("reports the outage's CAT-005 tipo and motivo (%s)", (generacion) => {
    const motivo = { tipoContingencia: 5 as const, motivoContingencia: 'Corte del proveedor de nube' };
    const evento = buildEventoContingencia(generacion, { ...ctx, motivo }, documentos);
    expect(evento.motivo).toMatchObject(motivo);
    expect(
      validateMhSchema(generacion === '2023' ? 'contingencia-schema-v3' : 'contingencia-schema-v4', evento),
    ).toEqual([]);
  });

  it('refuses a v3 event of tipo 5 (Otro) without its motivo, as MH requires it', () => {
    const sinMotivo = { ...ctx, motivo: { tipoContingencia: 5 as const, motivoContingencia: null } };
    expect(fieldsOf(refusal(() => buildEventoContingencia('2023', sinMotivo, documentos)))).toContain(
      '#/motivo/motivoContingencia',
    );
  });

  it(`refuses more than ${MAX_DOCUMENTOS_EVENTO_CONTINGENCIA} documents, as MH's schema does`, () => {
    const muchos = Array.from({ length: MAX_DOCUMENTOS_EVENTO_CONTINGENCIA + 1 }, () => ({
      codigoGeneracion: CODIGO_GENERACION,
      tipoDte: '01',
      version: 1,
    }));
    for (const generacion of ['2023', '2026'] as const)
      expect(fieldsOf(refusal(() => buildEventoContingencia(generacion, ctx, muchos)))).toContain('#/detalleDTE');
  });
});
