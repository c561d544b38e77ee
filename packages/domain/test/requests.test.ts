import {
  anulacionRequest,
  conciliacionRequest,
  dte01Request,
  dte03Request,
  dte07Request,
  dte14Request,
  exportRequest,
  libroRequest,
  notaRequest,
  parseRequest,
  resendRequest,
  retornoRequest,
} from '../src';
import { ultimoDiaConsulta } from '../src/requests/consulta';
import { contribuyente, direccion } from './support/fixtures';
import { fieldsOf, refusal } from './support/refusal';

const without = (o: object, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const item = { descripcion: 'Café', cantidad: 1, precioUnitario: 10 };
const UUID = '341ca743-70f1-4cfe-88bc-7e4ae72e60cb';
const UUID2 = 'A1B2C3D4-0000-4000-8000-000000000001';

describe('parseRequest', () => {
  it('returns the typed value with defaults and drops fields the DTE does not carry', () => {
    const r = parseRequest(dte01Request, {
      receptor: { nombre: 'Ana', tipoDocumento: '13', numDocumento: '01234567-8', nrc: '123', nit: '0614' },
      items: [item],
      condicionOperacion: 1,
    });
    expect(r.receptor).toEqual({ nombre: 'Ana', tipoDocumento: '13', numDocumento: '012345678' });
    expect(r.items[0]).toMatchObject({ uniMedida: 59, montoDescu: 0, tipoImpuesto: 'GRAVADO', tipoItem: 1 });
    expect(r.testContingencia).toBe(false);
  });

  it('answers VALIDATION_ERROR 400 listing each offending field', () => {
    const e = refusal(() =>
      parseRequest(dte01Request, {
        receptor: {},
        items: [{ cantidad: 0, precioUnitario: 'x' }],
        condicionOperacion: 4,
      }),
    );
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(e.httpStatus).toBe(400);
    expect(fieldsOf(e).sort()).toEqual(
      ['condicionOperacion', 'items[0].cantidad', 'items[0].descripcion', 'items[0].precioUnitario'].sort(),
    );
    expect((e.details['errors'] as { message: string }[]).every((x) => x.message.length > 0)).toBe(true);
  });

  it("takes a rehearsed contingencia's CAT-005 tipo and motivo only with testContingencia; tipo 5 needs the motivo", () => {
    const factura = { receptor: {}, items: [item], condicionOperacion: 1 };
    const campos = (extra: object) => fieldsOf(refusal(() => parseRequest(dte01Request, { ...factura, ...extra })));
    expect(
      parseRequest(dte01Request, {
        ...factura,
        testContingencia: true,
        tipoContingencia: 3,
        motivoContingencia: ' Sin luz ',
      }),
    ).toMatchObject({ testContingencia: true, tipoContingencia: 3, motivoContingencia: 'Sin luz' });
    expect(campos({ tipoContingencia: 2, motivoContingencia: 'Sin red' })).toEqual([
      'tipoContingencia',
      'motivoContingencia',
    ]);
    expect(campos({ testContingencia: true, tipoContingencia: 5 })).toEqual(['motivoContingencia']);
    expect(campos({ testContingencia: true, tipoContingencia: 6 })).toEqual(['tipoContingencia']);
    // fe-fc-v1's motivoContin: 5 to 150 characters.
    expect(campos({ testContingencia: true, tipoContingencia: 5, motivoContingencia: 'Nada' })).toEqual([
      'motivoContingencia',
    ]);
    expect(campos({ testContingencia: true, tipoContingencia: 5, motivoContingencia: 'x'.repeat(151) })).toEqual([
      'motivoContingencia',
    ]);
  });

  it('refuses a missing body and an empty items list', () => {
    expect(fieldsOf(refusal(() => parseRequest(dte01Request, undefined)))).toEqual(['body']);
    expect(
      fieldsOf(refusal(() => parseRequest(dte01Request, { receptor: {}, items: [], condicionOperacion: 1 }))),
    ).toEqual(['items']);
  });

  it('refuses a discount above the line amount and codes outside MH catalogs', () => {
    const e = refusal(() =>
      parseRequest(dte01Request, {
        // San Salvador's municipios are 20–24 (2024) and 01–19 (before the reform): 30 is neither.
        receptor: { direccion: { ...direccion, municipio: '30' } },
        items: [{ ...item, montoDescu: 10.01, uniMedida: 7 }],
        condicionOperacion: 1,
      }),
    );
    expect(fieldsOf(e).sort()).toEqual(['items[0].montoDescu', 'items[0].uniMedida', 'receptor.direccion.municipio']);
  });
});

describe('condicionOperacion and pago', () => {
  const body = { receptor: {}, items: [item] };
  it('needs no pago for contado', () => {
    expect(parseRequest(dte01Request, { ...body, condicionOperacion: 1 }).pago).toBeUndefined();
  });
  it('requires the pago for crédito and otro', () => {
    for (const condicionOperacion of [2, 3])
      expect(fieldsOf(refusal(() => parseRequest(dte01Request, { ...body, condicionOperacion })))).toEqual(['pago']);
  });
  it('requires plazo and periodo for crédito', () => {
    const e = refusal(() => parseRequest(dte01Request, { ...body, condicionOperacion: 2, pago: { codigo: '05' } }));
    expect(fieldsOf(e)).toEqual(['pago.plazo', 'pago.periodo']);
    expect(parseRequest(dte01Request, { ...body, condicionOperacion: 3, pago: { codigo: '02' } }).pago).toEqual({
      codigo: '02',
    });
  });
  it('refuses a payment code outside CAT-017', () => {
    const e = refusal(() =>
      parseRequest(dte01Request, { ...body, condicionOperacion: 2, pago: { codigo: '06', plazo: '02', periodo: 6 } }),
    );
    expect(fieldsOf(e)).toEqual(['pago.codigo']);
  });
});

describe('DTE 01 receptor identification', () => {
  // The threshold from which the consumer is named depends on the schema version and the date: the
  // builders check it (packages/domain/test/factura.test.ts).
  const below = [{ descripcion: 'Equipo', cantidad: 1, precioUnitario: 1094.99 }];

  it('takes an anonymous consumer whatever the total, and an identified one', () => {
    const at = [{ descripcion: 'Equipo', cantidad: 2, precioUnitario: 547.5 }];
    expect(
      parseRequest(dte01Request, { receptor: { nombre: 'Ana' }, items: below, condicionOperacion: 1 }).receptor,
    ).toEqual({
      nombre: 'Ana',
    });
    expect(parseRequest(dte01Request, { receptor: {}, items: at, condicionOperacion: 1 }).receptor).toEqual({});
    const receptor = { nombre: 'Ana', tipoDocumento: '13', numDocumento: '012345678' };
    expect(parseRequest(dte01Request, { receptor, items: at, condicionOperacion: 1 }).receptor).toEqual(receptor);
  });

  it('wants tipoDocumento and numDocumento together, and numDocumento in its shape', () => {
    expect(
      fieldsOf(
        refusal(() =>
          parseRequest(dte01Request, { receptor: { numDocumento: '1' }, items: below, condicionOperacion: 1 }),
        ),
      ),
    ).toEqual(['receptor.tipoDocumento']);
    const dui = refusal(() =>
      parseRequest(dte01Request, {
        receptor: { tipoDocumento: '13', numDocumento: '1234' },
        items: below,
        condicionOperacion: 1,
      }),
    );
    expect(fieldsOf(dui)).toEqual(['receptor.numDocumento']);
  });
});

describe('DTE 03 receptor', () => {
  const body = { items: [item], condicionOperacion: 1 };

  it('answers RECEPTOR_VALIDATION_ERROR with the missing required fields', () => {
    const receptor = without(contribuyente, 'nit', 'nombre');
    const e = refusal(() => parseRequest(dte03Request, { ...body, receptor }));
    expect(e.code).toBe('RECEPTOR_VALIDATION_ERROR');
    expect(e.httpStatus).toBe(400);
    expect(e.details['requiredFields']).toEqual(['nit', 'nombre']);
  });

  it('lists all four when the receptor is missing', () => {
    const e = refusal(() => parseRequest(dte03Request, body));
    expect(e.code).toBe('RECEPTOR_VALIDATION_ERROR');
    expect(e.details['requiredFields']).toEqual(['tipoDocumento', 'numDocumento', 'nit', 'nombre']);
  });

  it('answers VALIDATION_ERROR for other missing receptor fields', () => {
    const receptor = without(contribuyente, 'nrc');
    const e = refusal(() => parseRequest(dte03Request, { ...body, receptor }));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(e)).toEqual(['receptor.nrc']);
  });

  it('defaults isRetenIva to false and normalises the NIT', () => {
    const r = parseRequest(dte03Request, { ...body, receptor: { ...contribuyente, nit: '0614-010190-101-5' } });
    expect(r.isRetenIva).toBe(false);
    expect(r.receptor.nit).toBe('06140101901015');
  });

  it("writes the NRC as MH's registry holds it, without leading zeros", () => {
    const nrc = (valor: string) => parseRequest(dte03Request, { ...body, receptor: { ...contribuyente, nrc: valor } });
    expect(nrc('0123456').receptor.nrc).toBe('123456');
    expect(nrc('00-1234').receptor.nrc).toBe('1234');
    expect(nrc('1234567').receptor.nrc).toBe('1234567');
    expect(fieldsOf(refusal(() => nrc('1')))).toEqual(['receptor.nrc']);
  });
});

describe('DTE 05/06', () => {
  it('requires the original codigoGeneracion and upper-cases it', () => {
    expect(fieldsOf(refusal(() => parseRequest(notaRequest, { items: [item], condicionOperacion: 1 })))).toEqual([
      'codigoGeneracion',
    ]);
    const r = parseRequest(notaRequest, { items: [item], condicionOperacion: 1, codigoGeneracion: UUID });
    expect(r.codigoGeneracion).toBe(UUID.toUpperCase());
    expect(r.receptor).toBeUndefined();
  });
});

describe('DTE 07', () => {
  const receptor = { ...contribuyente, tipoDocumento: '36' };
  const retencion = {
    numItem: 1,
    tipoDte: '03',
    tipoGeneracion: 2,
    numDocumento: UUID,
    fechaEmision: '2026-11-02',
    montoSujetoGrav: 1000,
    codigoRetencionMH: '22',
    ivaRetenido: 10,
    descripcion: 'Retención 1% IVA',
  };

  it('answers VALIDATION_ERROR when required receptor fields are missing', () => {
    const sinCorreo = without(receptor, 'correo', 'nombre');
    const e = refusal(() => parseRequest(dte07Request, { receptor: sinCorreo, cuerpoDocumento: [retencion] }));
    expect(e.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(e).sort()).toEqual(['receptor.correo', 'receptor.nombre']);
  });

  it('checks ivaRetenido against the rate of its CAT-006 code, within one cent', () => {
    const parse = (r: object) => parseRequest(dte07Request, { receptor, cuerpoDocumento: [{ ...retencion, ...r }] });
    expect(parse({ ivaRetenido: 10.01 }).cuerpoDocumento[0]!.ivaRetenido).toBe(10.01);
    expect(fieldsOf(refusal(() => parse({ ivaRetenido: 10.02 })))).toEqual(['cuerpoDocumento[0].ivaRetenido']);
    expect(fieldsOf(refusal(() => parse({ codigoRetencionMH: 'C4' })))).toEqual(['cuerpoDocumento[0].ivaRetenido']);
    expect(parse({ codigoRetencionMH: 'C4', ivaRetenido: 130 }).cuerpoDocumento[0]!.ivaRetenido).toBe(130);
    expect(parse({ codigoRetencionMH: 'C9', ivaRetenido: 37.5 }).cuerpoDocumento[0]!.ivaRetenido).toBe(37.5);
  });

  it('wants numItem correlative from 1 and an electronic document by its codigoGeneracion', () => {
    const parse = (r: object) => parseRequest(dte07Request, { receptor, cuerpoDocumento: [{ ...retencion, ...r }] });
    expect(fieldsOf(refusal(() => parse({ numItem: 2 })))).toEqual(['cuerpoDocumento[0].numItem']);
    expect(fieldsOf(refusal(() => parse({ numDocumento: 'F-001' })))).toEqual(['cuerpoDocumento[0].numDocumento']);
    expect(parse({ tipoGeneracion: 1, numDocumento: 'F001' }).cuerpoDocumento[0]!.numDocumento).toBe('F001');
    expect(parse({}).cuerpoDocumento[0]!.numDocumento).toBe(UUID.toUpperCase());
  });
});

describe('DTE 14', () => {
  it('requires applyrent and the sujetoExcluido', () => {
    const e = refusal(() => parseRequest(dte14Request, { items: [item], condicionOperacion: 1 }));
    expect(fieldsOf(e)).toEqual(['sujetoExcluido', 'applyrent']);
  });
});

describe('retorno', () => {
  it('requires documentoOrigen, items and motivo', () => {
    expect(fieldsOf(refusal(() => parseRequest(retornoRequest, {})))).toEqual(['documentoOrigen', 'items', 'motivo']);
  });
  it('wants at least one item, quantities above 0 and no repeated numItem', () => {
    const base = { documentoOrigen: UUID, motivo: 'Producto dañado' };
    expect(fieldsOf(refusal(() => parseRequest(retornoRequest, { ...base, items: [] })))).toEqual(['items']);
    const e = refusal(() =>
      parseRequest(retornoRequest, {
        ...base,
        items: [
          { numItem: 1, cantidadRetorno: 0 },
          { numItem: 2, cantidadRetorno: 1 },
          { numItem: 2, cantidadRetorno: 1 },
        ],
      }),
    );
    expect(fieldsOf(e)).toEqual(['items[0].cantidadRetorno', 'items[2].numItem']);
    const repeated = refusal(() =>
      parseRequest(retornoRequest, {
        ...base,
        items: [
          { numItem: 2, cantidadRetorno: 1 },
          { numItem: 2, cantidadRetorno: 1 },
        ],
      }),
    );
    expect(fieldsOf(repeated)).toEqual(['items[1].numItem']);
  });
});

describe('anulacion', () => {
  const motivo = {
    motivoAnulacion: 'Error en el nombre del receptor',
    nombreResponsable: 'María López',
    tipDocResponsable: '13',
    numDocResponsable: '01234567-8',
    nombreSolicita: 'Juan Pérez',
    tipDocSolicita: '36',
    numDocSolicita: '06140101901015',
  };
  const parse = (tipoAnulacion: number, extra: object = {}) =>
    parseRequest(anulacionRequest, { codigoGeneracion: UUID, motivo: { ...motivo, tipoAnulacion }, ...extra });

  it('takes codigoGeneracionR for types 1 and 3, or none (whether one is due depends on the kind: checkReemplazo)', () => {
    expect(parse(1, { codigoGeneracionR: UUID2 }).codigoGeneracionR).toBe(UUID2);
    expect(parse(3).codigoGeneracionR).toBeUndefined();
    expect(fieldsOf(refusal(() => parse(1, { codigoGeneracionR: UUID })))).toEqual(['codigoGeneracionR']);
  });

  it('refuses codigoGeneracionR for type 2', () => {
    expect(fieldsOf(refusal(() => parse(2, { codigoGeneracionR: UUID2 })))).toEqual(['codigoGeneracionR']);
    const r = parse(2);
    expect(r.codigoGeneracion).toBe(UUID.toUpperCase());
    expect(r.motivo.numDocResponsable).toBe('012345678');
  });

  it('requires the motivo fields, and motivoAnulacion for type 3', () => {
    expect(
      fieldsOf(refusal(() => parse(3, { codigoGeneracionR: UUID2, motivo: { tipoAnulacion: 3 } }))).sort(),
    ).toEqual(
      [
        'motivo.nombreResponsable',
        'motivo.tipDocResponsable',
        'motivo.numDocResponsable',
        'motivo.nombreSolicita',
        'motivo.tipDocSolicita',
        'motivo.numDocSolicita',
      ].sort(),
    );
    const sinMotivo = without(motivo, 'motivoAnulacion');
    const e = refusal(() =>
      parseRequest(anulacionRequest, {
        codigoGeneracion: UUID,
        codigoGeneracionR: UUID2,
        motivo: { ...sinMotivo, tipoAnulacion: 3 },
      }),
    );
    expect(fieldsOf(e)).toEqual(['motivo.motivoAnulacion']);
  });
});

describe('resend', () => {
  it('takes an optional e-mail and no body at all', () => {
    expect(parseRequest(resendRequest, undefined)).toEqual({});
    expect(parseRequest(resendRequest, { email: 'otro@example.com' })).toEqual({ email: 'otro@example.com' });
    expect(fieldsOf(refusal(() => parseRequest(resendRequest, { email: 'no' })))).toEqual(['email']);
  });
});

describe('amounts beyond MH schema maxima (every amount below 100,000,000,000)', () => {
  it('refuse a line whose amount reaches it (99,999,999,999 × 11.30), naming the item', () => {
    const e = refusal(() =>
      parseRequest(dte01Request, {
        receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678' },
        items: [{ descripcion: 'P', cantidad: 99999999999, precioUnitario: 11.3 }],
        condicionOperacion: 1,
      }),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(fieldsOf(e)).toEqual(['items[0]']);
  });

  it('refuse a total that reaches it once IVA is added, though every line is below it (CCF, NC)', () => {
    // 9 × 10,000,000,000 = 90,000,000,000 + IVA 13 % = 101,700,000,000
    const items = [{ descripcion: 'P', cantidad: 9, precioUnitario: 10_000_000_000 }];
    const ccf = refusal(() => parseRequest(dte03Request, { receptor: contribuyente, items, condicionOperacion: 1 }));
    expect(fieldsOf(ccf)).toEqual(['items']);
    const nc = refusal(() => parseRequest(notaRequest, { codigoGeneracion: UUID, items, condicionOperacion: 1 }));
    expect(fieldsOf(nc)).toEqual(['items']);
    // 8 × the same: 80,000,000,000 + 10,400,000,000 = 90,400,000,000 fits.
    expect(() =>
      parseRequest(dte03Request, {
        receptor: contribuyente,
        items: [{ ...items[0]!, cantidad: 8 }],
        condicionOperacion: 1,
      }),
    ).not.toThrow();
  });

  it('refuse a sujeto excluido purchase and a retention total that reach it', () => {
    const sujetoExcluido = { tipoDocumento: '13', numDocumento: '012345678', nombre: 'Pedro', direccion };
    expect(
      fieldsOf(
        refusal(() =>
          parseRequest(dte14Request, {
            sujetoExcluido,
            items: [
              { descripcion: 'a', cantidad: 1, precioUnitario: 60_000_000_000 },
              { descripcion: 'b', cantidad: 1, precioUnitario: 40_000_000_000 },
            ],
            condicionOperacion: 1,
            applyrent: false,
          }),
        ),
      ),
    ).toEqual(['items']);
    const linea = (numItem: number) => ({
      numItem,
      tipoDte: '03',
      tipoGeneracion: 1,
      numDocumento: 'A1',
      fechaEmision: '2026-11-02',
      montoSujetoGrav: 60_000_000_000,
      codigoRetencionMH: 'C9',
      ivaRetenido: 1,
      descripcion: 'Retención',
    });
    expect(
      fieldsOf(
        refusal(() => parseRequest(dte07Request, { receptor: contribuyente, cuerpoDocumento: [linea(1), linea(2)] })),
      ),
    ).toEqual(['cuerpoDocumento']);
  });
});

describe('invisible characters in text', () => {
  it('refuse control characters, NUL and bidi overrides (Unicode Cc/Cf), naming each field', () => {
    const e = refusal(() =>
      parseRequest(dte01Request, {
        receptor: { nombre: 'Juan\u202EPérez' },
        items: [item, { ...item, descripcion: 'Caf\u0000é' }],
        condicionOperacion: 1,
        observaciones: 'sin\u200bespacio',
      }),
    );
    expect(e).toMatchObject({ code: 'VALIDATION_ERROR', httpStatus: 400 });
    expect(fieldsOf(e)).toEqual(['items[1].descripcion', 'observaciones', 'receptor.nombre']);
  });

  it('accept accents, emoji (with the zero-width joiner of their sequences) and line breaks', () => {
    const r = parseRequest(dte01Request, {
      receptor: { nombre: 'Ñandú Peña' },
      items: [{ ...item, descripcion: 'Café ☕ para 👩‍💻' }],
      condicionOperacion: 1,
      observaciones: 'Línea 1\nLínea 2\tfin',
    });
    expect(r.items[0]!.descripcion).toBe('Café ☕ para 👩‍💻');
  });
});

describe('dates of a query', () => {
  it('ends tomorrow in El Salvador (UTC−6): the day turns there at 06:00 UTC', () => {
    expect(ultimoDiaConsulta(new Date('2026-11-28T05:59:59Z'))).toBe('2026-11-28');
    expect(ultimoDiaConsulta(new Date('2026-11-28T06:00:00Z'))).toBe('2026-11-29');
    expect(ultimoDiaConsulta(new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
  });

  it('refuses a date before 2021 or after tomorrow, and a range longer than 366 days, naming one field each', () => {
    const campos = (q: object) => fieldsOf(refusal(() => parseRequest(exportRequest, q)));
    expect(campos({ desde: '2020-12-31', hasta: '2021-01-01' })).toEqual(['desde']);
    expect(campos({ desde: '2026-11-01', hasta: '9999-12-31' })).toEqual(['hasta']);
    // 2025-01-01 to 2026-01-01 is 366 days counting both; a day more is too long.
    expect(parseRequest(exportRequest, { desde: '2025-01-01', hasta: '2026-01-01' }).hasta).toBe('2026-01-01');
    expect(campos({ desde: '2025-01-01', hasta: '2026-01-02' })).toEqual(['hasta']);
    expect(fieldsOf(refusal(() => parseRequest(libroRequest, { periodo: '9999-12' })))).toEqual(['periodo']);
    expect(fieldsOf(refusal(() => parseRequest(conciliacionRequest, { fecha: '2020-06-30' })))).toEqual(['fecha']);
  });
});
