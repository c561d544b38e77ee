import {
  admiteContingencia,
  buildDocument,
  DTE_TIPOS,
  documentKind,
  documentKindOfTipoDte,
  esquemaDe,
  GENERACIONES,
  parseRequest,
  tipoDeDte,
  validateMhSchema,
  versionEn,
  type DteTipo,
  type Generacion,
} from '../src';
import { context, contribuyente, direccion } from './support/fixtures';
import { aceptado } from './support/origen';
import { refusal } from './support/refusal';

const ORIGINAL = '11111111-2222-4333-8444-555555555555';
const item = { descripcion: 'Servicio', cantidad: 1, precioUnitario: 100, tipoItem: 2 };

/** A valid request body for each kind. */
const bodies: Record<DteTipo, object> = {
  FACTURA_CONSUMIDOR_FINAL: { receptor: { correo: 'ana@example.com' }, items: [item], condicionOperacion: 1 },
  CREDITO_FISCAL: { receptor: contribuyente, items: [item], condicionOperacion: 1, isRetenIva: true },
  NOTA_REMISION: { receptor: { ...contribuyente, bienTitulo: '04' }, items: [item] },
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
  COMPROBANTE_LIQUIDACION: {
    receptor: contribuyente,
    cuerpoDocumento: [
      { tipoDte: '03', tipoGeneracion: 2, numeroDocumento: ORIGINAL, fechaEmision: '2026-11-02', ventaGravada: 100 },
    ],
  },
  DOCUMENTO_CONTABLE_LIQUIDACION: {
    receptor: { ...contribuyente, tipoEstablecimiento: '01' },
    cuerpoDocumento: {
      periodoLiquidacionFechaInicio: '2026-11-01',
      periodoLiquidacionFechaFin: '2026-11-15',
      valorOperaciones: 113,
      comision: 0,
      porcentComision: 0,
    },
    extension: { nombEntrega: 'Ana López', docuEntrega: '012345678' },
  },
  FACTURA_EXPORTACION: {
    receptor: {
      nombre: 'BUYER INC.',
      tipoDocumento: '37',
      numDocumento: 'EIN 1',
      codPais: 'US',
      complemento: '1 Main St, Miami',
      tipoPersona: 2,
      descActividad: 'Importación',
      correo: 'buyer@example.com',
    },
    exportacion: { tipoItemExpor: 2 },
    items: [item],
    condicionOperacion: 1,
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
  COMPROBANTE_DONACION: {
    donante: contribuyente,
    otrosDocumentos: [{ codDocAsociado: 1, descDocumento: 'Resolución 1-2025', detalleDocumento: 'Calificación' }],
    items: [{ tipoDonacion: 1, cantidad: 1, descripcion: 'Aporte', valorUnitario: 100 }],
  },
  RETORNO: { documentoOrigen: ORIGINAL, items: [{ numItem: 1, cantidadRetorno: 1 }], motivo: 'Devolución' },
};

/** The kind of the original a kind refers to, if any. */
const originOf: Partial<Record<DteTipo, DteTipo>> = {
  NOTA_CREDITO: 'CREDITO_FISCAL',
  NOTA_DEBITO: 'CREDITO_FISCAL',
  RETORNO: 'FACTURA_CONSUMIDOR_FINAL',
};

/**
 * Builds a kind end to end as the workflow would, in a generation, with the accepted original it names
 * (issued in `generacionOriginal`, by default the same).
 */
function issue(tipo: DteTipo, generacion: Generacion, generacionOriginal = generacion) {
  const kind = documentKind(tipo);
  const request = parseRequest(kind.requestSchema, bodies[tipo]);
  const originTipo = originOf[tipo];
  const origenes =
    kind.origenes && originTipo
      ? kind.origenes(request).map((c) => aceptado(issueOriginal(originTipo, c, generacionOriginal)))
      : [];
  return { kind, dte: buildDocument(tipo, versionEn(tipo, generacion), context(kind.tipoDte), request, origenes) };
}

function issueOriginal(tipo: DteTipo, codigoGeneracion: string, generacion: Generacion) {
  const kind = documentKind(tipo);
  const ctx = context(kind.tipoDte, { codigoGeneracion });
  return buildDocument(tipo, versionEn(tipo, generacion), ctx, parseRequest(kind.requestSchema, bodies[tipo]));
}

describe('document kinds', () => {
  it('describes every kind in each generation: schema version, file, permission, contingency', () => {
    const table = DTE_TIPOS.map((tipo) => {
      const k = documentKind(tipo);
      const en = (g: Generacion) => {
        const version = versionEn(tipo, g);
        return [version, esquemaDe(k.tipoDte, version), admiteContingencia(k.tipoDte, version)];
      };
      return [tipo, k.tipoDte, k.permission, ...en('2023'), ...en('2026')];
    });
    expect(table).toEqual([
      ['FACTURA_CONSUMIDOR_FINAL', '01', 'FACTURA_CONSUMIDOR_FINAL', 1, 'fe-fc-v1', true, 2, 'fe-f-v2', true],
      ['CREDITO_FISCAL', '03', 'CREDITO_FISCAL', 3, 'fe-ccf-v3', true, 4, 'fe-ccf-v4', true],
      ['NOTA_REMISION', '04', 'NOTA_REMISION', 3, 'fe-nr-v3', true, 4, 'fe-nr-v4', true],
      ['NOTA_CREDITO', '05', 'NOTA_CREDITO', 3, 'fe-nc-v3', true, 4, 'fe-nc-v4', true],
      ['NOTA_DEBITO', '06', 'NOTA_DEBITO', 3, 'fe-nd-v3', true, 4, 'fe-nd-v4', true],
      // CR v1 is transmitted normally only; CR v2 admits contingency.
      ['COMPROBANTE_RETENCION', '07', 'COMPROBANTE_RETENCION', 1, 'fe-cr-v1', false, 2, 'fe-cr-v2', true],
      // CL and DCL are transmitted normally only.
      ['COMPROBANTE_LIQUIDACION', '08', 'COMPROBANTE_LIQUIDACION', 1, 'fe-cl-v1', false, 2, 'fe-cl-v2', false],
      [
        'DOCUMENTO_CONTABLE_LIQUIDACION',
        '09',
        'DOCUMENTO_CONTABLE_LIQUIDACION',
        1,
        'fe-dcl-v1',
        false,
        2,
        'fe-dcl-v2',
        false,
      ],
      ['FACTURA_EXPORTACION', '11', 'FACTURA_EXPORTACION', 1, 'fe-fex-v1', true, 3, 'fe-fex-v3', true],
      ['SUJETO_EXCLUIDO', '14', 'SUJETO_EXCLUIDO', 1, 'fe-fse-v1', true, 2, 'fe-fse-v2', true],
      // MH's CD schemas allow normal transmission only.
      ['COMPROBANTE_DONACION', '15', 'COMPROBANTE_DONACION', 1, 'fe-cd-v1', false, 2, 'fe-cd-v2', false],
      // The Evento de Retorno exists only in the 2026 set.
      ['RETORNO', '18', 'RETORNO', 1, 'fe-eret-v1', true, 1, 'fe-eret-v1', true],
    ]);
    expect(documentKindOfTipoDte('14')?.tipo).toBe('SUJETO_EXCLUIDO');
    expect(documentKindOfTipoDte('99')).toBeUndefined();
  });

  // Hand computation, the same request in both generations:
  // FE: 100.00 IVA included ; CCF: 100 + 13 − 1 (retención) ; NR, NC/ND: montoTotalOperacion 100 + 13 ;
  // CR: 1 % of 100 ; CL: 100 + 13 ; DCL: 113 − 2 % of 100 (113 less its IVA) percibido, no commission ; FEX: 100 at 0 % ; FSE: 100 − 10 % renta ; CD: 100 in cash ; RETORNO: 1 × 100 of the FE.
  const totales = [
    ['FACTURA_CONSUMIDOR_FINAL', '100.00', 'ana@example.com'],
    ['CREDITO_FISCAL', '112.00', 'contribuyente@example.com'],
    ['NOTA_REMISION', '113.00', 'contribuyente@example.com'],
    ['NOTA_CREDITO', '113.00', 'contribuyente@example.com'],
    ['NOTA_DEBITO', '113.00', 'contribuyente@example.com'],
    ['COMPROBANTE_RETENCION', '1.00', 'contribuyente@example.com'],
    ['COMPROBANTE_LIQUIDACION', '113.00', 'contribuyente@example.com'],
    ['DOCUMENTO_CONTABLE_LIQUIDACION', '111.00', 'contribuyente@example.com'],
    ['FACTURA_EXPORTACION', '100.00', 'buyer@example.com'],
    ['SUJETO_EXCLUIDO', '90.00', 'pedro@example.com'],
    ['COMPROBANTE_DONACION', '100.00', 'contribuyente@example.com'],
    ['RETORNO', '100.00', 'ana@example.com'],
  ] as const;
  describe.each(GENERACIONES)('in the %s generation', (generacion) => {
    it.each(totales)('%s builds a document valid against its schema; total %s, e-mail %s', (tipo, total, correo) => {
      const { kind, dte } = issue(tipo, generacion);
      const version = versionEn(tipo, generacion);
      expect(tipoDeDte(dte)).toBe(kind.tipoDte);
      expect(dte.identificacion.version).toBe(version);
      expect(validateMhSchema(esquemaDe(kind.tipoDte, version)!, dte)).toEqual([]);
      expect(kind.total(dte)).toBe(total);
      expect(kind.receptorCorreo(dte)).toBe(correo);
    });
  });

  // A note or a retorno issued after the emisor's cut-over may refer to an original of the 2023 generation.
  it.each(['NOTA_CREDITO', 'NOTA_DEBITO', 'RETORNO'] as const)(
    '%s of the 2026 generation refers to an original of the 2023 generation',
    (tipo) => {
      const { kind, dte } = issue(tipo, '2026', '2023');
      expect(validateMhSchema(esquemaDe(kind.tipoDte, versionEn(tipo, '2026'))!, dte)).toEqual([]);
    },
  );

  it.each(DTE_TIPOS)('%s: a parsed request parses to itself (safe to re-parse after a Temporal hop)', (tipo) => {
    const { requestSchema } = documentKind(tipo);
    const parsed = parseRequest(requestSchema, bodies[tipo]);
    expect(parseRequest(requestSchema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it('reads no e-mail from an anonymous consumer without one', () => {
    const kind = documentKind('FACTURA_CONSUMIDOR_FINAL');
    const request = parseRequest(kind.requestSchema, { ...bodies.FACTURA_CONSUMIDOR_FINAL, receptor: {} });
    expect(kind.receptorCorreo(buildDocument('FACTURA_CONSUMIDOR_FINAL', 1, context('01'), request))).toBeNull();
  });

  it('answers data MH would refuse with VALIDATION_ERROR naming the schema path', () => {
    // The API accepts any non-empty complemento; FE v1 wants at least 5 characters for the receptor.
    const kind = documentKind('FACTURA_CONSUMIDOR_FINAL');
    const request = parseRequest(kind.requestSchema, {
      ...bodies.FACTURA_CONSUMIDOR_FINAL,
      receptor: { direccion: { ...direccion, distrito: null, complemento: 'Casa' } },
    });
    const e = refusal(() => buildDocument('FACTURA_CONSUMIDOR_FINAL', 1, context('01'), request));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.details['errors']).toEqual([{ field: '#/receptor/direccion/complemento', message: expect.any(String) }]);
  });

  it('has no version it has no builder for', () => {
    expect(() => buildDocument('FACTURA_CONSUMIDOR_FINAL', 3, context('01'), bodies.FACTURA_CONSUMIDOR_FINAL)).toThrow(
      /version 3/,
    );
  });

  // ajv's own multipleOf divides in binary floating point, where 1.13 / 1e-8 is not an integer.
  it('accepts prices such as 1.13, which float multipleOf checks refuse', () => {
    const kind = documentKind('FACTURA_CONSUMIDOR_FINAL');
    const request = parseRequest(kind.requestSchema, {
      receptor: {},
      items: [{ descripcion: 'Café', cantidad: 1, precioUnitario: 1.13 }],
      condicionOperacion: 1,
    });
    for (const version of [1, 2])
      expect(() => buildDocument('FACTURA_CONSUMIDOR_FINAL', version, context('01'), request)).not.toThrow();
  });
});
