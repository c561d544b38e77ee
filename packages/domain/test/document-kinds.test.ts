import { buildDocument, DTE_TIPOS, documentKind, documentKindOfTipoDte, parseRequest, type DteTipo } from '../src';
import { context, contribuyente, direccion } from './support/fixtures';
import { aceptado } from './support/origen';
import { refusal } from './support/refusal';

const ORIGINAL = '11111111-2222-4333-8444-555555555555';
const item = { descripcion: 'Servicio', cantidad: 1, precioUnitario: 100, tipoItem: 2 };

/** A valid request body for each kind. */
const bodies: Record<DteTipo, object> = {
  FACTURA_CONSUMIDOR_FINAL: { receptor: { correo: 'ana@example.com' }, items: [item], condicionOperacion: 1 },
  CREDITO_FISCAL: { receptor: contribuyente, items: [item], condicionOperacion: 1, isRetenIva: true },
  NOTA_CREDITO: { items: [item], condicionOperacion: 1, codigoGeneracion: ORIGINAL, isRetenIva: true },
  NOTA_DEBITO: { items: [item], condicionOperacion: 1, codigoGeneracion: ORIGINAL, isRetenIva: true },
  COMPROBANTE_RETENCION: {
    receptor: contribuyente,
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoDte: '03',
        tipoGeneracion: 2,
        numDocumento: ORIGINAL,
        fechaEmision: '2026-11-02',
        montoSujetoGrav: 100,
        codigoRetencionMH: '22',
        ivaRetenido: 1,
        descripcion: 'Retención',
      },
    ],
  },
  SUJETO_EXCLUIDO: {
    sujetoExcluido: {
      tipoDocumento: '13',
      numDocumento: '012345678',
      nombre: 'Pedro',
      direccion,
      correo: 'pedro@example.com',
    },
    items: [item],
    condicionOperacion: 1,
    applyrent: true,
  },
  RETORNO: { documentoOrigen: ORIGINAL, items: [{ numItem: 1, cantidadRetorno: 1 }], motivo: 'Devolución' },
};

/** The kind of the original a kind refers to, if any. */
const originOf: Partial<Record<DteTipo, DteTipo>> = {
  NOTA_CREDITO: 'CREDITO_FISCAL',
  NOTA_DEBITO: 'CREDITO_FISCAL',
  RETORNO: 'FACTURA_CONSUMIDOR_FINAL',
};

/** Builds a kind end to end as the workflow would, with the accepted original it names. */
function issue(tipo: DteTipo) {
  const kind = documentKind(tipo);
  const request = parseRequest(kind.requestSchema, bodies[tipo]);
  const originTipo = originOf[tipo];
  const origin = kind.origen && originTipo ? aceptado(issueOriginal(originTipo, kind.origen(request))) : undefined;
  return { kind, dte: buildDocument(tipo, context(kind.tipoDte), request, origin) };
}

function issueOriginal(tipo: DteTipo, codigoGeneracion: string) {
  const kind = documentKind(tipo);
  const ctx = context(kind.tipoDte, { codigoGeneracion });
  return buildDocument(tipo, ctx, parseRequest(kind.requestSchema, bodies[tipo]));
}

describe('document kinds', () => {
  it('describes every kind', () => {
    const table = DTE_TIPOS.map((tipo) => {
      const k = documentKind(tipo);
      return [tipo, k.tipoDte, k.version, k.schemaName, k.permission, k.allowsContingencia];
    });
    expect(table).toEqual([
      ['FACTURA_CONSUMIDOR_FINAL', '01', 1, 'fe-fc-v1', 'FACTURA_CONSUMIDOR_FINAL', true],
      ['CREDITO_FISCAL', '03', 3, 'fe-ccf-v3', 'CREDITO_FISCAL', true],
      ['NOTA_CREDITO', '05', 3, 'fe-nc-v3', 'NOTA_CREDITO', true],
      ['NOTA_DEBITO', '06', 3, 'fe-nd-v3', 'NOTA_DEBITO', true],
      ['COMPROBANTE_RETENCION', '07', 1, 'fe-cr-v1', 'COMPROBANTE_RETENCION', false],
      ['SUJETO_EXCLUIDO', '14', 1, 'fe-fse-v1', 'SUJETO_EXCLUIDO', true],
      ['RETORNO', '18', 1, 'fe-eret-v1', 'RETORNO', false],
    ]);
    expect(documentKindOfTipoDte('14')?.tipo).toBe('SUJETO_EXCLUIDO');
    expect(documentKindOfTipoDte('99')).toBeUndefined();
  });

  it.each([
    // FE: 100.00 IVA included ; CCF: 100 + 13 − 1 (retención) ; NC/ND: 100 + 13 (no totalPagar) ;
    // CR: 1 % of 100 ; FSE: 100 − 10 % renta ; RETORNO: 1 × 100 of the FE.
    ['FACTURA_CONSUMIDOR_FINAL', '100.00', 'ana@example.com'],
    ['CREDITO_FISCAL', '112.00', 'contribuyente@example.com'],
    ['NOTA_CREDITO', '113.00', 'contribuyente@example.com'],
    ['NOTA_DEBITO', '113.00', 'contribuyente@example.com'],
    ['COMPROBANTE_RETENCION', '1.00', 'contribuyente@example.com'],
    ['SUJETO_EXCLUIDO', '90.00', 'pedro@example.com'],
    ['RETORNO', '100.00', 'ana@example.com'],
  ] as const)('%s builds a schema-valid document; total %s, e-mail %s', (tipo, total, correo) => {
    const { kind, dte } = issue(tipo);
    expect(dte.identificacion.tipoDte).toBe(kind.tipoDte);
    expect(kind.total(dte)).toBe(total);
    expect(kind.receptorCorreo(dte)).toBe(correo);
  });

  it.each(DTE_TIPOS)('%s: a parsed request parses to itself (safe to re-parse after a Temporal hop)', (tipo) => {
    const { requestSchema } = documentKind(tipo);
    const parsed = parseRequest(requestSchema, bodies[tipo]);
    expect(parseRequest(requestSchema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('reads no e-mail from an anonymous consumer without one', () => {
    const kind = documentKind('FACTURA_CONSUMIDOR_FINAL');
    const request = parseRequest(kind.requestSchema, { ...bodies.FACTURA_CONSUMIDOR_FINAL, receptor: {} });
    expect(kind.receptorCorreo(buildDocument('FACTURA_CONSUMIDOR_FINAL', context('01'), request))).toBeNull();
  });

  it('answers data MH would refuse with VALIDATION_ERROR naming the schema path', () => {
    // The API accepts any non-empty complemento; FE v1 wants at least 5 characters for the receptor.
    const kind = documentKind('FACTURA_CONSUMIDOR_FINAL');
    const request = parseRequest(kind.requestSchema, {
      ...bodies.FACTURA_CONSUMIDOR_FINAL,
      receptor: { direccion: { ...direccion, complemento: 'Casa' } },
    });
    const e = refusal(() => buildDocument('FACTURA_CONSUMIDOR_FINAL', context('01'), request));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.details['errors']).toEqual([{ field: '#/receptor/direccion/complemento', message: expect.any(String) }]);
  });

  it('has no version it has no builder for', () => {
    expect(() => documentKind('FACTURA_CONSUMIDOR_FINAL', 2)).toThrow(/version 2/);
  });

  // ajv's own multipleOf divides in binary floating point, where 1.13 / 1e-8 is not an integer.
  it('accepts prices such as 1.13, which float multipleOf checks refuse', () => {
    const kind = documentKind('FACTURA_CONSUMIDOR_FINAL');
    const request = parseRequest(kind.requestSchema, {
      receptor: {},
      items: [{ descripcion: 'Café', cantidad: 1, precioUnitario: 1.13 }],
      condicionOperacion: 1,
    });
    expect(() => buildDocument('FACTURA_CONSUMIDOR_FINAL', context('01'), request)).not.toThrow();
  });
});
