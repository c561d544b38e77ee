import { loadConfig } from '@dte/config';
import { PERMISOS, PERMISOS_DEL_ROL, type AccionAuditoria } from '@dte/domain';
import {
  Auditoria,
  hashToken,
  Personas,
  SecretBox,
  SesionesConsola,
  Tenants,
  type Database,
  type UsuarioRecord,
} from '@dte/store';
import { waitForMail } from '../support/maildev';
import { stack } from '../support/stack';
import { closeTestDatabase, createTestTenant, testDatabase, type TestTenant } from '../support/tenant';

/**
 * The console's users page on the real stack, driven by its forms over HTTP as a browser sends them (cookies,
 * CSRF token): an administrator invites a person, changes their role (the person's token follows),
 * disables them after a confirmation (their sessions end), resets their second factor and sets the
 * emisor's rule; each act is in the audit log. A session without USUARIOS is refused, a person of another
 * emisor is not found, and an administrator cannot disable or demote themselves.
 */
describe('web console: users page', () => {
  let a: TestTenant;
  let b: TestTenant;
  let db: Database;
  let personas: Personas;
  const url = (ruta: string) => `${stack().api}${ruta}`;
  const unico = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  beforeAll(async () => {
    [a, b] = await Promise.all([createTestTenant(), createTestTenant()]);
    db = await testDatabase();
    personas = new Personas(db, new SecretBox(loadConfig(stack().env).SECRET_KEY));
  });
  afterAll(() => closeTestDatabase());

  interface Respuesta {
    status: number;
    location: string | null;
    html: string;
  }

  /** A browser's cookie jar and forms: the session's CSRF token is the one of the last page read. */
  class Navegador {
    private readonly cookies = new Map<string, string>();
    csrf = '';

    async pedir(ruta: string, campos?: Record<string, string>): Promise<Respuesta> {
      const res = await fetch(url(ruta), {
        method: campos ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(campos && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body: campos && new URLSearchParams({ csrf: this.csrf, ...campos }).toString(),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [, nombre, valor] = /^([^=]+)=([^;]*)/.exec(cookie)!;
        if (valor) this.cookies.set(nombre!, valor!);
        else this.cookies.delete(nombre!);
      }
      const html = await res.text();
      this.csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? this.csrf;
      return { status: res.status, location: res.headers.get('location'), html };
    }

    /** Follows the redirect of a form's answer, as the browser does. */
    async seguir(r: Respuesta): Promise<Respuesta> {
      expect([r.status, r.html]).toEqual([303, expect.any(String)]);
      return this.pedir(r.location!);
    }
  }

  async function conToken(token: string): Promise<Navegador> {
    const n = new Navegador();
    await n.pedir('/consola/entrar/token');
    expect((await n.pedir('/consola/entrar/token', { token })).location).toBe('/consola/documentos');
    // The session's CSRF token, from its first page.
    expect((await n.pedir('/consola/documentos')).status).toBe(200);
    return n;
  }

  /** A person with a password, in with it; with one membership, straight into that emisor. */
  async function conContrasena(correo: string, contrasena: string): Promise<Navegador> {
    const n = new Navegador();
    await n.pedir('/consola/entrar');
    const r = await n.pedir('/consola/entrar', { correo, contrasena });
    expect(r.location).toBe('/consola/emisor');
    expect((await n.pedir('/consola/emisor')).location).toBe('/consola/documentos');
    expect((await n.pedir('/consola/documentos')).status).toBe(200);
    return n;
  }

  async function persona(tenant: TestTenant, rol: 'ADMINISTRADOR' | 'SOPORTE', contrasena?: string) {
    const correo = `persona-${unico()}@example.test`;
    const { usuario } = await personas.invitar(correo, `Persona ${rol.toLowerCase()}`, {
      emisorId: tenant.emisorId,
      rol,
    });
    if (contrasena) await personas.usuarios.setContrasena(usuario._id, contrasena);
    return usuario;
  }

  const leer = async (id: string) => (await personas.usuarios.leer(id))!;
  const membresia = (u: UsuarioRecord, emisorId: number) => u.membresias.find((m) => m.emisorId === emisorId)!;

  /** The emisor's latest entry of the action: what the log says was done, and by whom. */
  async function ultima(emisorId: number, accion: AccionAuditoria) {
    const { entradas } = await new Auditoria(db.connection).pagina(emisorId, { accion }, null, 1);
    return entradas[0];
  }
  const actorToken = async (tenant: TestTenant) => {
    const token = await db.models.ApiToken.findById(hashToken(tenant.token)).lean();
    return { tipo: 'TOKEN', id: token!.id, nombre: token!.name };
  };

  /** The text beside a field (its error), as `campo()` puts it. */
  const errorDe = (html: string, nombre: string) => new RegExp(`id="error-${nombre}">([^<]*)<`).exec(html)?.[1]?.trim();

  it('invites a person: the person, the e-mailed link and the audit entry; errors beside their fields', async () => {
    const admin = await conToken(a.token);
    const lista = await admin.pedir('/consola/usuarios');
    expect(lista.status).toBe(200);
    for (const rol of ['Administrador', 'Facturador', 'Soporte', 'Contador', 'Auditor'])
      expect(lista.html).toMatch(new RegExp(`<option value="${rol.toUpperCase()}"[^>]*>\\s*${rol}: `));

    // A malformed e-mail: told beside the field, what was typed kept, nobody invited.
    const mal = await admin.pedir('/consola/usuarios', { correo: 'ana@', nombre: 'Ana López', rol: 'FACTURADOR' });
    expect(mal.status).toBe(400);
    expect(errorDe(mal.html, 'correo')).toBe('«ana@» no es una dirección de correo');
    expect(mal.html).toContain('value="Ana López"');
    expect(mal.html).toMatch(/<option value="FACTURADOR" selected/);
    expect(await personas.usuarios.porCorreo('ana@')).toBeNull();
    const sinNombre = await admin.pedir('/consola/usuarios', { correo: 'x@example.test', nombre: ' ', rol: 'SOPORTE' });
    expect([sinNombre.status, errorDe(sinNombre.html, 'nombre')]).toEqual([400, 'Escriba el nombre de la persona']);

    const correo = `Invitada-${unico()}@Example.test`;
    const hecho = await admin.seguir(
      await admin.pedir('/consola/usuarios', { correo, nombre: 'Ana López', rol: 'FACTURADOR' }),
    );
    expect(hecho.html).toContain('Invitación enviada');
    const usuario = (await personas.usuarios.porCorreo(correo))!;
    expect([usuario.nombre, usuario.contrasena, membresia(usuario, a.emisorId).rol]).toEqual([
      'Ana López',
      null,
      'FACTURADOR',
    ]);
    // Listed as invited, not yet in.
    const fila = new RegExp(`${usuario.correo}</td>[\\s\\S]*?</tr>`).exec(hecho.html)?.[0];
    expect(fila).toContain('Invitación pendiente');
    expect(fila).toContain('Sin activar');
    const entrada = (await ultima(a.emisorId, 'USUARIO_INVITADO'))!;
    expect([entrada.actor, entrada.detalles]).toEqual([
      await actorToken(a),
      { usuarioId: usuario._id, correo: usuario.correo, rol: 'FACTURADOR' },
    ]);
    await waitForMail((m) => m.to.some((t) => t.address.toLowerCase() === usuario.correo));

    // Already a member: told beside the e-mail, nothing changed.
    const otraVez = await admin.pedir('/consola/usuarios', { correo, nombre: 'Ana', rol: 'AUDITOR' });
    expect(otraVez.status).toBe(400);
    expect(errorDe(otraVez.html, 'correo')).toBe(`${usuario.correo} ya es usuario del emisor ${a.emisorId}`);
    expect(membresia(await leer(usuario._id), a.emisorId).rol).toBe('FACTURADOR');
  });

  it('changes a role: the person’s token carries the new role’s permissions', async () => {
    const admin = await conToken(a.token);
    const usuario = await persona(a, 'SOPORTE', 'una frase larga de prueba');
    const hash = (await personas.tokenEn(usuario, a.emisorId))!._id;
    expect((await db.models.ApiToken.findById(hash).lean())!.permissions).toEqual(PERMISOS_DEL_ROL.SOPORTE);

    const ficha = await admin.pedir(`/consola/usuarios/${usuario._id}`);
    expect(ficha.html).toContain('Soporte: consulta y reenvía documentos');
    const malo = await admin.pedir(`/consola/usuarios/${usuario._id}/rol`, { rol: 'DUENO' });
    expect([malo.status, errorDe(malo.html, 'rol')]).toEqual([400, 'Elija uno de los roles']);

    const hecho = await admin.seguir(await admin.pedir(`/consola/usuarios/${usuario._id}/rol`, { rol: 'CONTADOR' }));
    expect(hecho.html).toContain('Rol cambiado');
    expect(hecho.html).toContain('Contador: libros, anexos y compras');
    const despues = await leer(usuario._id);
    expect(membresia(despues, a.emisorId).rol).toBe('CONTADOR');
    // The same token, now with the accountant's permissions.
    expect((await personas.tokenEn(despues, a.emisorId))?._id).toBe(hash);
    expect((await db.models.ApiToken.findById(hash).lean())!.permissions).toEqual([
      'LIBROS',
      'COMPRAS',
      'COMPRAS_CONFIRMAR',
      'CONSOLA',
    ]);
    expect((await ultima(a.emisorId, 'USUARIO_ROL_CAMBIADO'))!.detalles).toEqual({
      usuarioId: usuario._id,
      correo: usuario.correo,
      de: 'SOPORTE',
      a: 'CONTADOR',
    });
  });

  it('disables a person after a confirmation, ending their sessions here; enables them again', async () => {
    const admin = await conToken(a.token);
    const usuario = await persona(a, 'SOPORTE', 'otra frase larga de prueba');
    const suya = await conContrasena(usuario.correo, 'otra frase larga de prueba');
    const sesiones = new SesionesConsola(db.connection);
    expect(await sesiones.deUsuario(usuario._id)).toHaveLength(1);
    expect((await admin.pedir(`/consola/usuarios/${usuario._id}`)).html).toMatch(
      /Sesiones abiertas en este emisor<\/dt>\s*<dd>1</,
    );

    // The first step only asks.
    const pregunta = await admin.pedir(`/consola/usuarios/${usuario._id}/deshabilitar`, {});
    expect(pregunta.status).toBe(200);
    expect(pregunta.html).toContain('¿Deshabilitar al usuario?');
    expect(pregunta.html).toContain('name="paso" value="confirmar"');
    expect(membresia(await leer(usuario._id), a.emisorId).deshabilitada).toBe(false);
    expect((await suya.pedir('/consola/documentos')).status).toBe(200);

    const hecho = await admin.seguir(
      await admin.pedir(`/consola/usuarios/${usuario._id}/deshabilitar`, { paso: 'confirmar' }),
    );
    expect(hecho.html).toContain('Usuario deshabilitado');
    expect(membresia(await leer(usuario._id), a.emisorId)).toMatchObject({ deshabilitada: true, tokenId: null });
    expect(await sesiones.deUsuario(usuario._id)).toEqual([]);
    // Their next request: back to the sign-in form.
    expect((await suya.pedir('/consola/documentos')).location).toBe('/consola/entrar');
    expect((await ultima(a.emisorId, 'USUARIO_DESHABILITADO'))!.detalles).toEqual({
      usuarioId: usuario._id,
      correo: usuario.correo,
    });
    expect((await admin.pedir('/consola/usuarios')).html).toMatch(
      new RegExp(`${usuario.correo}</td>[\\s\\S]*?Deshabilitado`),
    );

    await admin.seguir(await admin.pedir(`/consola/usuarios/${usuario._id}/habilitar`, {}));
    expect(membresia(await leer(usuario._id), a.emisorId).deshabilitada).toBe(false);
    expect((await ultima(a.emisorId, 'USUARIO_HABILITADO'))!.detalles.usuarioId).toBe(usuario._id);
    await conContrasena(usuario.correo, 'otra frase larga de prueba');
  });

  it('ends a person’s sessions in the emisor, and resets their second factor after a confirmation', async () => {
    const admin = await conToken(a.token);
    const usuario = await persona(a, 'SOPORTE', 'tercera frase larga de prueba');
    const suya = await conContrasena(usuario.correo, 'tercera frase larga de prueba');
    await admin.seguir(await admin.pedir(`/consola/usuarios/${usuario._id}/sesiones`, {}));
    expect((await suya.pedir('/consola/documentos')).location).toBe('/consola/entrar');
    expect((await ultima(a.emisorId, 'SESION_CERRADA'))!.detalles.usuarioId).toBe(usuario._id);

    await personas.usuarios.iniciarTotp(usuario._id, 'JBSWY3DPEHPK3PXP');
    await personas.usuarios.activarTotp(usuario._id);
    expect((await admin.pedir('/consola/usuarios')).html).toMatch(
      new RegExp(`${usuario.correo}</td>[\\s\\S]*?Activo</span>[\\s\\S]*?Activo</span>`),
    );
    const pregunta = await admin.pedir(`/consola/usuarios/${usuario._id}/segundo-factor`, {});
    expect(pregunta.html).toContain('¿Restablecer el segundo factor?');
    expect((await leer(usuario._id)).totp?.activo).toBe(true);
    const hecho = await admin.seguir(
      await admin.pedir(`/consola/usuarios/${usuario._id}/segundo-factor`, { paso: 'confirmar' }),
    );
    expect(hecho.html).toContain('Segundo factor restablecido');
    expect(await leer(usuario._id)).toMatchObject({ totp: null, recuperacion: [] });
    expect((await ultima(a.emisorId, 'USUARIO_SEGUNDO_FACTOR_RESTABLECIDO'))!.detalles.usuarioId).toBe(usuario._id);
  });

  it('sets and lifts the rule that every person uses a second factor', async () => {
    const admin = await conToken(a.token);
    const obligatorio = async () =>
      (await db.models.Emisor.findOne({ id: a.emisorId }).lean())!.segundoFactorObligatorio;
    expect((await admin.pedir('/consola/usuarios')).html).toContain('Exigirlo a todos');
    const puesto = await admin.seguir(
      await admin.pedir('/consola/usuarios/segundo-factor-obligatorio', { obligatorio: 'si' }),
    );
    expect(await obligatorio()).toBe(true);
    expect(puesto.html).toContain('Todas las personas de este emisor deben usar un segundo factor');
    expect((await ultima(a.emisorId, 'SEGUNDO_FACTOR_OBLIGATORIO_CAMBIADO'))!.detalles).toEqual({ obligatorio: true });

    await admin.seguir(await admin.pedir('/consola/usuarios/segundo-factor-obligatorio', { obligatorio: 'no' }));
    expect(await obligatorio()).toBe(false);
    expect((await ultima(a.emisorId, 'SEGUNDO_FACTOR_OBLIGATORIO_CAMBIADO'))!.detalles).toEqual({ obligatorio: false });
  });

  it('refuses a session without USUARIOS, and finds no person of another emisor', async () => {
    const propio = await db.models.ApiToken.findById(hashToken(a.token)).lean();
    const { token } = await new Tenants(db, new SecretBox(loadConfig(stack().env).SECRET_KEY)).createToken({
      emisorId: a.emisorId,
      establecimientoId: propio!.establecimientoId,
      puntoVentaId: propio!.puntoVentaId,
      name: 'Consola sin usuarios',
      permissions: PERMISOS.filter((p) => p !== 'USUARIOS'),
    });
    const sinPermiso = await conToken(token);
    const deA = await persona(a, 'SOPORTE');
    for (const r of [
      await sinPermiso.pedir('/consola/usuarios'),
      await sinPermiso.pedir(`/consola/usuarios/${deA._id}`),
      await sinPermiso.pedir(`/consola/usuarios/${deA._id}/deshabilitar`, { paso: 'confirmar' }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.html).toContain('PERMISSION_DENIED');
    }
    expect(membresia(await leer(deA._id), a.emisorId).deshabilitada).toBe(false);
    expect((await sinPermiso.pedir('/consola/documentos')).html).not.toContain('href="/consola/usuarios"');

    const admin = await conToken(a.token);
    const deB = await persona(b, 'SOPORTE');
    const lista = await admin.pedir('/consola/usuarios');
    expect(lista.html).toContain(deA.correo);
    expect(lista.html).not.toContain(deB.correo);
    for (const r of [
      await admin.pedir(`/consola/usuarios/${deB._id}`),
      await admin.pedir(`/consola/usuarios/${deB._id}/deshabilitar`, { paso: 'confirmar' }),
      await admin.pedir(`/consola/usuarios/${deB._id}/rol`, { rol: 'ADMINISTRADOR' }),
      await admin.pedir(`/consola/usuarios/${deB._id}/segundo-factor`, { paso: 'confirmar' }),
      await admin.pedir(`/consola/usuarios/${deB._id}/sesiones`, {}),
    ]) {
      expect(r.status).toBe(404);
      expect(r.html).toContain('Este emisor no tiene ese usuario');
      expect(r.html).not.toContain(deB.correo);
    }
    expect(membresia(await leer(deB._id), b.emisorId)).toMatchObject({ rol: 'SOPORTE', deshabilitada: false });
  });

  it('does not let an administrator disable or demote themselves', async () => {
    const yo = await persona(a, 'ADMINISTRADOR', 'la frase larga del administrador');
    const admin = await conContrasena(yo.correo, 'la frase larga del administrador');
    const ficha = await admin.pedir(`/consola/usuarios/${yo._id}`);
    expect(ficha.html).toContain('Esta es su propia cuenta: no puede deshabilitarse ni cambiar su rol');
    expect(ficha.html).not.toContain('/deshabilitar"');

    const deshabilitar = await admin.pedir(`/consola/usuarios/${yo._id}/deshabilitar`, { paso: 'confirmar' });
    expect(deshabilitar.status).toBe(403);
    expect(deshabilitar.html).toContain(
      'Usted no puede deshabilitarse a sí mismo: otro administrador del emisor puede hacerlo',
    );
    const rol = await admin.pedir(`/consola/usuarios/${yo._id}/rol`, { rol: 'SOPORTE' });
    expect(rol.status).toBe(403);
    expect(rol.html).toContain('Usted no puede cambiar su propio rol');
    expect(membresia(await leer(yo._id), a.emisorId)).toMatchObject({ rol: 'ADMINISTRADOR', deshabilitada: false });
    // The person administrator acts as themselves in the log.
    const otra = await persona(a, 'SOPORTE');
    await admin.seguir(await admin.pedir(`/consola/usuarios/${otra._id}/rol`, { rol: 'AUDITOR' }));
    expect((await ultima(a.emisorId, 'USUARIO_ROL_CAMBIADO'))!.actor).toEqual({
      tipo: 'USUARIO',
      id: yo._id,
      correo: yo.correo,
    });
  });
});
