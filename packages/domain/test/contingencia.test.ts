import {
  buildDocument,
  buildEventoContingenciaV3,
  documentKind,
  dte01Request,
  enContingencia,
  MAX_DOCUMENTOS_EVENTO_CONTINGENCIA,
  parseRequest,
  validateMhSchema,
} from '../src';
import { CODIGO_GENERACION, context, emisor, FEC_EMI, HOR_EMI } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const EVENTO = 'A1B2C3D4-0000-4000-8000-000000000002';
const factura = () =>
  buildDocument(
    'FACTURA_CONSUMIDOR_FINAL',
    context('01'),
    parseRequest(dte01Request, {
      receptor: {},
      items: [{ descripcion: 'X', cantidad: 1, precioUnitario: 5 }],
      condicionOperacion: 1,
    }),
  );

describe('enContingencia', () => {
  it('turns a document into its contingency form, keeping its identifiers and content', () => {
    const dte = factura() as unknown as Record<string, unknown>;
    const diferido = enContingencia(dte, documentKind('FACTURA_CONSUMIDOR_FINAL').schemaName);
    expect(diferido.identificacion).toEqual({
      ...(dte.identificacion as object),
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: 1,
      motivoContin: null,
    });
    expect({ ...diferido, identificacion: null }).toEqual({ ...dte, identificacion: null });
  });

  it('refuses a kind MH does not take in contingency (CAT-023)', () => {
    const dte = factura() as unknown as Record<string, unknown>;
    const retencion = { ...dte, identificacion: { ...(dte.identificacion as object), tipoDte: '07' } };
    expect(refusal(() => enContingencia(retencion, 'fe-cr-v1')).code).toBe('VALIDATION_ERROR');
  });
});

describe('buildEventoContingenciaV3', () => {
  const ctx = {
    ambiente: '00' as const,
    codigoGeneracion: EVENTO,
    transmision: { fecha: FEC_EMI, hora: '11:00:00' },
    emisor,
    inicio: { fecha: FEC_EMI, hora: HOR_EMI },
    fin: { fecha: FEC_EMI, hora: '11:00:00' },
  };

  it('builds a schema-valid event listing the documents in order, the taxpayer answering for it', () => {
    const evento = buildEventoContingenciaV3(ctx, [
      { codigoGeneracion: CODIGO_GENERACION, tipoDte: '01' },
      { codigoGeneracion: EVENTO.replace('A1', 'B1'), tipoDte: '03' },
    ]);
    expect(validateMhSchema('contingencia-schema-v3', evento)).toEqual([]);
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

  it(`refuses more than ${MAX_DOCUMENTOS_EVENTO_CONTINGENCIA} documents, as MH's schema does`, () => {
    const muchos = Array.from({ length: MAX_DOCUMENTOS_EVENTO_CONTINGENCIA + 1 }, () => ({
      codigoGeneracion: CODIGO_GENERACION,
      tipoDte: '01',
    }));
    expect(fieldsOf(refusal(() => buildEventoContingenciaV3(ctx, muchos)))).toEqual(['#/detalleDTE']);
  });
});
