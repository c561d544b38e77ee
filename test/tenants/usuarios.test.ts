import { randomUUID } from 'node:crypto';
import { loadConfig } from '@dte/config';
import {
  Auditoria,
  IntentosFallidos,
  RechazoUsuario,
  rolEn,
  SecretBox,
  SesionesConsola,
  Usuarios,
  type EntradaAuditoria,
} from '@dte/store';
import { stack } from '../support/stack';
import { closeTestDatabase, testDatabase } from '../support/tenant';

/**
 * The persons of the console (issue 50) on the stack's FerretDB: what must hold under concurrency rests on
 * inserts by `_id`, so each claim is raced here with requests at once.
 */
afterAll(() => closeTestDatabase());

describe('persons (Usuarios)', () => {
  const usuarios = async () =>
    new Usuarios((await testDatabase()).connection, new SecretBox(loadConfig(stack().env).SECRET_KEY));
  /** An emisor id no other suite uses: the repository does not read the emisor. */
  const otroEmisor = () => 1_000_000 + Math.floor(Math.random() * 1e9);
  const correo = () => `persona-${randomUUID()}@empresa.sv`;

  it('makes one person of one e-mail invited five times at once, in any case', async () => {
    const repo = await usuarios();
    const emisorId = otroEmisor();
    const base = correo();
    const resultados = await Promise.allSettled(
      [base, base.toUpperCase(), ` ${base}`, base, base].map((c) =>
        repo.invitar(c, 'Ana López', { emisorId, rol: 'SOPORTE' }),
      ),
    );
    const hechos = resultados.filter((r) => r.status === 'fulfilled');
    expect(hechos).toHaveLength(1);
    for (const r of resultados.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(RechazoUsuario);
    const persona = await repo.porCorreo(base.toUpperCase());
    expect(persona).toMatchObject({
      correo: base,
      membresias: [{ emisorId, rol: 'SOPORTE', deshabilitada: false }],
      contrasena: null,
    });
    // An e-mail the database holds once.
    const db = await testDatabase();
    expect(await db.connection.collection('usuarios').countDocuments({ correo: base })).toBe(1);
  });

  it('adds a membership of another emisor to the same person, and changes a role in one only', async () => {
    const repo = await usuarios();
    const [a, b] = [otroEmisor(), otroEmisor()];
    const c = correo();
    const { usuario, creado } = await repo.invitar(c, 'Beto', { emisorId: a, rol: 'CONTADOR' });
    expect(creado).toBe(true);
    const segunda = await repo.invitar(c, 'Beto', { emisorId: b, rol: 'AUDITOR' });
    expect(segunda.creado).toBe(false);
    expect(segunda.usuario._id).toBe(usuario._id);
    await repo.cambiarMembresia(usuario._id, b, { rol: 'FACTURADOR' });
    expect((await repo.leer(usuario._id))!.membresias).toEqual([
      { emisorId: a, rol: 'CONTADOR', deshabilitada: false, tokenId: null },
      { emisorId: b, rol: 'FACTURADOR', deshabilitada: false, tokenId: null },
    ]);
    await expect(repo.cambiarMembresia(usuario._id, otroEmisor(), { rol: 'SOPORTE' })).rejects.toThrow('no es miembro');
    await expect(repo.invitar(c, 'Beto', { emisorId: a, rol: 'SOPORTE' })).rejects.toThrow('ya es usuario');
    await expect(repo.invitar('sin-arroba', 'X', { emisorId: a, rol: 'SOPORTE' })).rejects.toThrow(
      'no es una dirección de correo',
    );
  });

  it('lets an invitation be used once, by one of five requests at once, and refuses it expired', async () => {
    const repo = await usuarios();
    const { usuario } = await repo.invitar(correo(), 'Carla', { emisorId: otroEmisor(), rol: 'ADMINISTRADOR' });
    const token = await repo.crearEnlace(usuario._id, 'INVITACION');
    const db = await testDatabase();
    // Only the token's hash is stored.
    expect(await db.connection.collection('usuarios_enlaces').countDocuments({ usuarioId: usuario._id })).toBe(1);
    expect(await db.connection.collection('usuarios_enlaces').countDocuments({ _id: token as never })).toBe(0);
    const usos = await Promise.allSettled(Array.from({ length: 5 }, () => repo.usarEnlace(token, 'INVITACION')));
    const buenos = usos.filter((u) => u.status === 'fulfilled');
    expect(buenos).toHaveLength(1);
    expect((buenos[0] as PromiseFulfilledResult<{ _id: string }>).value._id).toBe(usuario._id);
    await expect(repo.usarEnlace(token, 'INVITACION')).rejects.toThrow('ya se usó o venció');

    // An invitation of 7 days made 7 days and a second ago.
    const vencido = await repo.crearEnlace(usuario._id, 'INVITACION', new Date(Date.now() - 7 * 24 * 3600_000 - 1000));
    await expect(repo.usarEnlace(vencido, 'INVITACION')).rejects.toThrow('ya se usó o venció');
    // A reset link is not an invitation, and an unknown token is nothing.
    const reset = await repo.crearEnlace(usuario._id, 'RESTABLECER');
    await expect(repo.usarEnlace(reset, 'INVITACION')).rejects.toThrow('ya se usó o venció');
    await expect(repo.usarEnlace('inventado', 'RESTABLECER')).rejects.toThrow('ya se usó o venció');
    expect((await repo.usarEnlace(reset, 'RESTABLECER'))._id).toBe(usuario._id);
  });

  it('stores the password hashed and the TOTP secret sealed, and uses a TOTP step and a recovery code once', async () => {
    const repo = await usuarios();
    const { usuario } = await repo.invitar(correo(), 'Dora', { emisorId: otroEmisor(), rol: 'FACTURADOR' });
    await repo.setContrasena(usuario._id, 'una contraseña larga');
    await repo.iniciarTotp(usuario._id, 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const guardado = (await repo.leer(usuario._id))!;
    expect(guardado.contrasena).toMatch(/^\$argon2id\$/);
    expect(guardado.totp!.secreto).not.toContain('GEZDGNBV');
    expect(repo.secretoTotp(guardado)).toEqual({
      secreto: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      activo: false,
      ultimoPaso: null,
    });

    expect(
      await Promise.all([repo.usarPasoTotp(usuario._id, 41152263), repo.usarPasoTotp(usuario._id, 41152263)]),
    ).toEqual(expect.arrayContaining([true, false]));
    expect(repo.secretoTotp((await repo.leer(usuario._id))!)!.ultimoPaso).toBe(41152263);

    const codigos = await repo.activarTotp(usuario._id);
    expect(codigos).toHaveLength(10);
    expect((await repo.leer(usuario._id))!.recuperacion).not.toContain(codigos[0]);
    const [primero, segundo] = codigos as [string, string];
    expect(
      await Promise.all([
        repo.usarCodigoDeRecuperacion(usuario._id, primero),
        repo.usarCodigoDeRecuperacion(usuario._id, primero.toLowerCase()),
      ]),
    ).toEqual(expect.arrayContaining([true, false]));
    expect(await repo.usarCodigoDeRecuperacion(usuario._id, primero)).toBe(false);
    expect(await repo.usarCodigoDeRecuperacion(usuario._id, segundo)).toBe(true);
    expect((await repo.leer(usuario._id))!.recuperacion).toHaveLength(8);

    // The administrator's reset: no second factor, no codes.
    await repo.quitarTotp(usuario._id);
    expect(await repo.leer(usuario._id)).toMatchObject({ totp: null, recuperacion: [] });
  });

  it("lists a person's live sessions, and ends those of an emisor that disables them there, and only there", async () => {
    const repo = await usuarios();
    const db = await testDatabase();
    const sesiones = new SesionesConsola(db.connection);
    const [a, b] = [otroEmisor(), otroEmisor()];
    const c = correo();
    const { usuario } = await repo.invitar(c, 'Eva', { emisorId: a, rol: 'SOPORTE' });
    await repo.invitar(c, 'Eva', { emisorId: b, rol: 'CONTADOR' });
    const abrir = (emisorId: number | null, horas: number, creada = new Date()) =>
      sesiones
        .abrir({
          _id: randomUUID(),
          usuario: { id: usuario._id, emisorId, segundoFactor: false, direccion: '10.0.0.1', agente: 'jest' },
          csrf: 'c',
          creada,
          expira: new Date(creada.getTime() + horas * 3600_000),
        })
        .then(() => creada);
    const vieja = await abrir(a, 10, new Date(Date.now() - 3600_000));
    const nueva = await abrir(null, 10);
    await abrir(a, -1);
    const vivas = await sesiones.deUsuario(usuario._id);
    expect(vivas.map((s) => s.creada)).toEqual([nueva, vieja]);
    // The person picks emisor B in the newest session, after the second factor.
    await sesiones.cambiarUsuario(vivas[0]!._id, { segundoFactor: true, emisorId: b });
    expect((await sesiones.leer(vivas[0]!._id))!.usuario).toMatchObject({ segundoFactor: true, emisorId: b });

    await repo.cambiarMembresia(usuario._id, a, { deshabilitada: true });
    expect((await sesiones.deUsuario(usuario._id)).map((s) => s.creada)).toEqual([nueva]);
    const leido = (await repo.leer(usuario._id))!;
    expect([rolEn(leido, a), rolEn(leido, b), rolEn(leido, otroEmisor())]).toEqual([null, 'CONTADOR', null]);
    // Still a person of B: their reset link works.
    expect((await repo.usarEnlace(await repo.crearEnlace(usuario._id, 'RESTABLECER'), 'RESTABLECER'))._id).toBe(
      usuario._id,
    );

    // Disabled in every emisor, the person's links no longer work.
    await repo.cambiarMembresia(usuario._id, b, { deshabilitada: true });
    expect(await sesiones.deUsuario(usuario._id)).toEqual([]);
    const token = await repo.crearEnlace(usuario._id, 'RESTABLECER');
    await expect(repo.usarEnlace(token, 'RESTABLECER')).rejects.toThrow('ya se usó o venció');
  });
});

describe('the audit log (Auditoria)', () => {
  it('has no method that changes or removes an entry', () => {
    expect(Object.getOwnPropertyNames(Auditoria.prototype).sort()).toEqual(
      ['constructor', 'deDocumento', 'deDocumentos', 'entradas', 'pagina', 'porDocumento', 'registrar'].sort(),
    );
  });

  it('lists entries newest first by pages, filtered by actor, acción, document and dates', async () => {
    const auditoria = new Auditoria((await testDatabase()).connection);
    const emisorId = 2_000_000 + Math.floor(Math.random() * 1e9);
    const ana = { tipo: 'USUARIO' as const, id: randomUUID(), correo: 'ana@empresa.sv' };
    const caja = { tipo: 'TOKEN' as const, id: 3, nombre: 'caja 1' };
    const documento = randomUUID().toUpperCase();
    const t0 = Date.UTC(2026, 11, 1, 15);
    const en = (minutos: number) => new Date(t0 + minutos * 60_000);
    const comun = { endpoint: null, direccion: '10.0.0.2', requestId: null, codigoGeneracion: null };
    const escritas: EntradaAuditoria[] = [];
    escritas.push(
      await auditoria.registrar(emisorId, { ...comun, actor: ana, accion: 'INICIO_SESION' }, en(0)),
      await auditoria.registrar(
        emisorId,
        {
          ...comun,
          actor: caja,
          accion: 'DTE_EMITIDO',
          codigoGeneracion: documento.toLowerCase(),
          endpoint: 'POST /dte/01',
        },
        en(1),
      ),
      await auditoria.registrar(
        emisorId,
        { ...comun, actor: ana, accion: 'DTE_REENVIADO', codigoGeneracion: documento, requestId: 'req-1' },
        en(120),
      ),
      await auditoria.registrar(
        emisorId,
        { ...comun, actor: { tipo: 'ANONIMO', correo: 'nadie@x.sv' }, accion: 'INICIO_SESION_FALLIDO' },
        en(240),
      ),
    );
    const [sesion, emision, reenvio, fallido] = escritas.map((e) => e._id);

    const todas = await auditoria.pagina(emisorId, {}, null, 10);
    expect(todas.entradas.map((e) => e._id)).toEqual([fallido, reenvio, emision, sesion]);
    expect(todas.siguiente).toBeNull();
    expect(todas.entradas[1]).toMatchObject({
      emisorId,
      fecha: en(120),
      actor: ana,
      actorClave: `usuario:${ana.id}`,
      accion: 'DTE_REENVIADO',
      codigoGeneracion: documento,
      requestId: 'req-1',
      direccion: '10.0.0.2',
    });

    const primera = await auditoria.pagina(emisorId, {}, null, 3);
    expect(primera.entradas.map((e) => e._id)).toEqual([fallido, reenvio, emision]);
    const resto = await auditoria.pagina(emisorId, {}, primera.siguiente, 3);
    expect(resto.entradas.map((e) => e._id)).toEqual([sesion]);

    const ids = async (filtros: Parameters<Auditoria['pagina']>[1]) =>
      (await auditoria.pagina(emisorId, filtros, null, 10)).entradas.map((e) => e._id);
    expect(await ids({ actor: `usuario:${ana.id}` })).toEqual([reenvio, sesion]);
    expect(await ids({ actor: 'token:3' })).toEqual([emision]);
    expect(await ids({ actor: 'correo:nadie@x.sv' })).toEqual([fallido]);
    expect(await ids({ accion: 'DTE_EMITIDO' })).toEqual([emision]);
    expect(await ids({ codigoGeneracion: documento.toLowerCase() })).toEqual([reenvio, emision]);
    expect(await ids({ desde: en(1), hasta: en(120) })).toEqual([reenvio, emision]);
    expect(await ids({ desde: en(121) })).toEqual([fallido]);
    expect(await ids({ hasta: en(0) })).toEqual([sesion]);
    expect(await ids({ actor: `usuario:${ana.id}`, accion: 'DTE_ANULADO' })).toEqual([]);
  });
});

describe('failed sign-ins (IntentosFallidos)', () => {
  it('refuse an account after five failures counted at once, an address after twenty, until the window moves on', async () => {
    const intentos = new IntentosFallidos((await testDatabase()).connection);
    const ahora = new Date();
    const cuenta = { correo: `Nadie-${randomUUID()}@Empresa.sv` };
    const otra = { correo: `otra-${randomUUID()}@empresa.sv` };
    const direccion = { direccion: `10.9.${Math.floor(Math.random() * 255)}.${randomUUID()}` };
    await Promise.all(Array.from({ length: 4 }, () => intentos.registrar(cuenta, ahora)));
    expect(await intentos.bloqueado([cuenta, direccion], ahora)).toBe(false);
    await Promise.all([
      intentos.registrar({ correo: cuenta.correo.toLowerCase() }, ahora),
      intentos.registrar(cuenta, ahora),
    ]);
    expect(await intentos.cuenta(cuenta, ahora)).toBe(6);
    expect(await intentos.bloqueado([cuenta, direccion], ahora)).toBe(true);
    expect(await intentos.bloqueado([otra, direccion], ahora)).toBe(false);

    await Promise.all(Array.from({ length: 20 }, () => intentos.registrar(direccion, ahora)));
    expect(await intentos.bloqueado([otra, direccion], ahora)).toBe(true);
    // Two windows later, the failures no longer count.
    expect(await intentos.bloqueado([cuenta, direccion], new Date(ahora.getTime() + 30 * 60_000 + 1))).toBe(false);
  });
});
