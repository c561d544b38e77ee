import {
  ACCIONES_AUDITORIA,
  claveDeActor,
  esAccionAuditoria,
  esRol,
  normalizarCorreo,
  PERMISOS,
  PERMISOS_DEL_ROL,
  rolPermite,
  ROLES,
} from '@dte/domain';

/** The issuing permissions, written out as MH names the kinds: the table must not drift from them. */
const EMISION = [
  'FACTURA_CONSUMIDOR_FINAL',
  'CREDITO_FISCAL',
  'NOTA_REMISION',
  'NOTA_CREDITO',
  'NOTA_DEBITO',
  'COMPROBANTE_RETENCION',
  'COMPROBANTE_LIQUIDACION',
  'DOCUMENTO_CONTABLE_LIQUIDACION',
  'FACTURA_EXPORTACION',
  'SUJETO_EXCLUIDO',
  'COMPROBANTE_DONACION',
  'RETORNO',
];

describe("a person's roles (issue 50)", () => {
  it('are the five of the issue, each a set of known permissions without repeats', () => {
    expect([...ROLES]).toEqual(['ADMINISTRADOR', 'FACTURADOR', 'SOPORTE', 'CONTADOR', 'AUDITOR']);
    for (const rol of ROLES) {
      const permisos = PERMISOS_DEL_ROL[rol];
      expect(permisos.filter((p) => !PERMISOS.includes(p))).toEqual([]);
      expect(new Set(permisos).size).toBe(permisos.length);
      // Every person works in the console.
      expect(permisos).toContain('CONSOLA');
    }
  });

  it('keep the permissions tokens had and add AUDITORIA, USUARIOS, REENVIO, CATALOGOS, COMPRAS_LECTURA, SONDEO_MH and IMPORTACION', () => {
    expect([...PERMISOS].sort()).toEqual(
      [
        ...EMISION,
        'ANULACION',
        'WEBHOOKS',
        'LIBROS',
        'CERTIFICACION',
        'CONSOLA',
        'COMPRAS',
        'COMPRAS_CONFIRMAR',
        'AUDITORIA',
        'USUARIOS',
        'REENVIO',
        'CATALOGOS',
        'COMPRAS_LECTURA',
        'SONDEO_MH',
        'IMPORTACION',
      ].sort(),
    );
  });

  it('give the administrator every permission, and invalidation, certification and users to no one else', () => {
    expect([...PERMISOS_DEL_ROL.ADMINISTRADOR].sort()).toEqual([...PERMISOS].sort());
    for (const rol of ROLES.filter((r) => r !== 'ADMINISTRADOR'))
      for (const permiso of ['ANULACION', 'CERTIFICACION', 'USUARIOS', 'WEBHOOKS'])
        expect([rol, permiso, rolPermite(rol, permiso)]).toEqual([rol, permiso, false]);
  });

  it('let the facturador issue every kind, resend, keep the customers and products and probe MH, nothing else', () => {
    expect([...PERMISOS_DEL_ROL.FACTURADOR].sort()).toEqual(
      [...EMISION, 'REENVIO', 'CATALOGOS', 'SONDEO_MH', 'CONSOLA'].sort(),
    );
  });

  it('let support resend, read and probe MH, issue nothing, invalidate nothing', () => {
    expect([...PERMISOS_DEL_ROL.SOPORTE].sort()).toEqual(['CONSOLA', 'REENVIO', 'SONDEO_MH']);
    expect(EMISION.some((p) => rolPermite('SOPORTE', p))).toBe(false);
    expect(rolPermite('SOPORTE', 'ANULACION')).toBe(false);
  });

  it('let the accountant read the books and handle purchases, and issue nothing', () => {
    expect([...PERMISOS_DEL_ROL.CONTADOR].sort()).toEqual(['COMPRAS', 'COMPRAS_CONFIRMAR', 'CONSOLA', 'LIBROS']);
    expect(rolPermite('CONTADOR', 'SONDEO_MH')).toBe(false);
    expect(EMISION.some((p) => rolPermite('CONTADOR', p))).toBe(false);
  });

  it('let the auditor read the books, the purchases and the audit log, and change nothing', () => {
    expect([...PERMISOS_DEL_ROL.AUDITOR].sort()).toEqual(['AUDITORIA', 'COMPRAS_LECTURA', 'CONSOLA', 'LIBROS']);
    for (const cambia of [
      ...EMISION,
      'ANULACION',
      'REENVIO',
      'WEBHOOKS',
      'COMPRAS',
      'COMPRAS_CONFIRMAR',
      'USUARIOS',
      'CATALOGOS',
      'SONDEO_MH',
    ])
      expect(rolPermite('AUDITOR', cambia)).toBe(false);
  });

  it('are told apart from other words', () => {
    expect(esRol('SOPORTE')).toBe(true);
    expect(esRol('soporte')).toBe(false);
    expect(esRol('ROOT')).toBe(false);
  });
});

describe('the audit log', () => {
  it("names each action of the issue's list once", () => {
    expect(new Set(ACCIONES_AUDITORIA).size).toBe(ACCIONES_AUDITORIA.length);
    for (const accion of [
      'DTE_EMITIDO',
      'DTE_ANULADO',
      'DTE_REENVIADO',
      'RETORNO_EMITIDO',
      'WEBHOOK_CREADO',
      'TOKEN_CREADO',
      'TOKEN_REVOCADO',
      'USUARIO_INVITADO',
      'USUARIO_ROL_CAMBIADO',
      'COMPRA_CLASIFICADA',
      'COMPRA_CONFIRMADA',
      'CERTIFICACION_COMANDO',
      'SONDEO_MH',
      'INICIO_SESION',
      'INICIO_SESION_FALLIDO',
    ])
      expect(esAccionAuditoria(accion)).toBe(true);
    expect(esAccionAuditoria('DTE_BORRADO')).toBe(false);
  });

  it('keys an actor by what it is', () => {
    expect(claveDeActor({ tipo: 'USUARIO', id: 'u1', correo: 'ana@empresa.sv' })).toBe('usuario:u1');
    expect(claveDeActor({ tipo: 'TOKEN', id: 7, nombre: 'caja 1' })).toBe('token:7');
    expect(claveDeActor({ tipo: 'ANONIMO', correo: 'x@y.sv' })).toBe('correo:x@y.sv');
  });
});

describe("a person's e-mail", () => {
  it('is one whatever its case and surrounding spaces', () => {
    expect(normalizarCorreo('  Ana.Lopez@Empresa.SV ')).toBe('ana.lopez@empresa.sv');
  });
});
