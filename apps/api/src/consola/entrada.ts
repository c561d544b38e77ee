import { Router, type Request, type Response } from 'express';
import { DteError, ErrorCode, RUTA_DE_ENLACE, rutaDeEnlace, type Actor, type TipoEnlace } from '@dte/domain';
import {
  comprobarCodigoTotp,
  CONTRASENA_MAXIMA,
  CONTRASENA_MINIMA,
  IntentosFallidos,
  RechazoUsuario,
  rolEn,
  SesionesConsola,
  verificarContrasena,
  type ClaveIntento,
  type UsuarioRecord,
} from '@dte/store';
import type { ApiContext } from '../context';
import { actorDeUsuario, auditar, auditarPersona } from '../http/auditoria';
import { enviarEnlace } from '../personas/enlaces';
import { campo, texto, type Errores } from './formulario';
import { html, pagina, type Html } from './html';
import {
  abrirSesion,
  abrirSesionDeUsuario,
  avanzarSesion,
  comprobarCsrfDeEntrada,
  csrfDeEntrada,
  personas,
} from './sesion';

/*
 * How a person gets into the console (issue 50): e-mail and password, then their second factor if they
 * enrolled one, then the emisor they work in. Machines and the first administrator may still sign in with
 * an API token. An invitation or a password reset is a single-use link sent by e-mail.
 *
 * A wrong e-mail and a wrong password get one message, checked in the same time (`verificarContrasena`
 * hashes for an unknown e-mail too), so the form does not tell which e-mails have an account. Failures are
 * counted per e-mail given and per address (`IntentosFallidos`); past the limits every attempt is refused
 * with one message, whatever the password, until the window moves on.
 */

const MENSAJE_FALLO = 'El correo o la contraseña no son correctos';
const MENSAJE_BLOQUEO =
  'Demasiados intentos fallidos desde esta cuenta o esta dirección: espere 15 minutos e inténtelo de nuevo';

/** The new password as typed twice: its errors beside its fields, or none. */
export function erroresDeContrasena(contrasena: string, repetida: string): Errores {
  if (contrasena.length < CONTRASENA_MINIMA || contrasena.length > CONTRASENA_MAXIMA)
    return { contrasena: `Use de ${CONTRASENA_MINIMA} a ${CONTRASENA_MAXIMA} caracteres` };
  if (contrasena !== repetida) return { repetida: 'No coincide con la contraseña' };
  return {};
}

export function entradaConsola(ctx: ApiContext): { antes: Router; despues: Router } {
  const antes = Router();
  const despues = Router();
  const intentos = new IntentosFallidos(ctx.db.connection);
  const claves = (req: Request, correo: string): ClaveIntento[] => [{ correo }, { direccion: req.ip ?? '' }];

  /** A failed attempt: counted, and in the log of each emisor of the person the e-mail is (if any). */
  async function fallo(req: Request, correo: string, usuario: UsuarioRecord | null, motivo: string) {
    await Promise.all(claves(req, correo).map((c) => intentos.registrar(c)));
    const actor: Actor = { tipo: 'ANONIMO', correo };
    for (const m of usuario?.membresias ?? [])
      await auditar(ctx, req, 'INICIO_SESION_FALLIDO', { detalles: { motivo } }, { emisorId: m.emisorId, actor });
  }

  const formularioEntrada = (req: Request, res: Response, correo = '', error?: string, aviso?: string) =>
    pagina({
      titulo: 'Entrar',
      cuerpo: html`<form class="entrada" method="post" action="/consola/entrar" novalidate>
        ${aviso && html`<p class="aviso ok" role="status">${aviso}</p>`}
        ${error && html`<p class="aviso error" role="alert">${error}</p>`}
        ${campo('Correo', 'correo', { tipo: 'email', valor: correo, extra: html`autocomplete="username" required autofocus` })}
        ${campo('Contraseña', 'contrasena', { tipo: 'password', extra: html`autocomplete="current-password" required` })}
        <input type="hidden" name="csrf" value="${csrfDeEntrada(req, res)}" />
        <button type="submit">Entrar</button>
        <p class="tenue">
          <a href="/consola/restablecer">Olvidé mi contraseña</a> ·
          <a href="/consola/entrar/token">Entrar con un token de API</a>
        </p>
      </form>`,
    });

  antes.get('/entrar', (req, res) => {
    const aviso = req.query.aviso === 'contrasena' ? 'Su contraseña quedó guardada: entre con ella.' : undefined;
    res.send(formularioEntrada(req, res, '', undefined, aviso));
  });

  antes.post('/entrar', async (req, res) => {
    comprobarCsrfDeEntrada(req);
    const correo = texto(req, 'correo').trim().toLowerCase();
    const contrasena = texto(req, 'contrasena');
    if (await intentos.bloqueado(claves(req, correo))) {
      res.status(429).send(formularioEntrada(req, res, correo, MENSAJE_BLOQUEO));
      return;
    }
    const usuario = correo ? await personas(ctx).usuarios.porCorreo(correo) : null;
    const correcta = await verificarContrasena(usuario?.contrasena ?? null, contrasena);
    // A person disabled in every emisor is refused as a wrong password is: the form tells nothing of them.
    if (!usuario || !correcta || !usuario.membresias.some((m) => !m.deshabilitada)) {
      await fallo(req, correo, usuario, 'CONTRASENA');
      res.status(401).send(formularioEntrada(req, res, correo, MENSAJE_FALLO));
      return;
    }
    await abrirSesionDeUsuario(ctx, req, res, usuario);
    res.redirect(303, usuario.totp?.activo ? '/consola/segundo-factor' : '/consola/emisor');
  });

  const formularioToken = (req: Request, res: Response, error?: string) =>
    pagina({
      titulo: 'Entrar con un token de API',
      cuerpo: html`<form class="entrada" method="post" action="/consola/entrar/token">
        <p class="tenue">
          Para sistemas y para el primer administrador: la consola puede lo que el token puede. Las personas entran con
          su correo.
        </p>
        ${error && html`<p class="aviso error" role="alert">${error}</p>`}
        <label>Token de API<input type="password" name="token" autocomplete="off" required autofocus /></label>
        <input type="hidden" name="csrf" value="${csrfDeEntrada(req, res)}" />
        <button type="submit">Entrar</button>
        <p class="tenue"><a href="/consola/entrar">Entrar con correo y contraseña</a></p>
      </form>`,
    });
  antes.get('/entrar/token', (req, res) => {
    res.send(formularioToken(req, res));
  });
  antes.post('/entrar/token', async (req, res) => {
    comprobarCsrfDeEntrada(req);
    let token;
    try {
      token = await abrirSesion(ctx, req, res, texto(req, 'token').trim());
    } catch (err) {
      if (!(err instanceof DteError) || err.code !== ErrorCode.AUTH_TOKEN_INVALID) throw err;
      res.status(401).send(formularioToken(req, res, err.message));
      return;
    }
    const actor: Actor = { tipo: 'TOKEN', id: token.id, nombre: token.name };
    await auditar(ctx, req, 'INICIO_SESION', {}, { emisorId: token.emisorId, actor });
    res.redirect(303, '/consola/documentos');
  });

  /** The form that sets a password, for an invitation or a reset: the link stays in the form's address. */
  const formularioContrasena = (
    req: Request,
    res: Response,
    { accion, titulo, intro, errores = {} }: { accion: string; titulo: string; intro: Html; errores?: Errores },
  ) =>
    pagina({
      titulo,
      cuerpo: html`<form class="entrada" method="post" action="${accion}" novalidate>
        ${intro} ${errores.enlace && html`<p class="aviso error" role="alert">${errores.enlace}</p>`}
        ${campo('Contraseña nueva', 'contrasena', {
          tipo: 'password',
          errores,
          extra: html`autocomplete="new-password" required minlength="${CONTRASENA_MINIMA}" autofocus`,
        })}
        ${campo('Repita la contraseña', 'repetida', { tipo: 'password', errores, extra: html`autocomplete="new-password" required` })}
        <p class="tenue">
          Al menos ${CONTRASENA_MINIMA} caracteres. Una frase larga es más segura y más fácil de recordar.
        </p>
        <input type="hidden" name="csrf" value="${csrfDeEntrada(req, res)}" />
        <button type="submit">Guardar contraseña</button>
      </form>`,
    });

  /** The form's address: the link's own (`RUTA_DE_ENLACE`, which the e-mail uses too). */
  const rutaEnlace = (tipo: TipoEnlace, req: Request) => rutaDeEnlace(tipo, String(req.params.token));
  /** The link's route in this router, mounted at /consola. */
  const rutaLocal = (tipo: TipoEnlace) => `${RUTA_DE_ENLACE[tipo].replace(/^\/consola/, '')}/:token`;

  // The link is used when the form is sent, never when it is opened: mail scanners open links.
  antes.get(rutaLocal('INVITACION'), (req, res) => {
    res.send(
      formularioContrasena(req, res, {
        accion: rutaEnlace('INVITACION', req),
        titulo: 'Bienvenido a la consola',
        intro: html`<p>Elija la contraseña con la que entrará a la consola.</p>`,
      }),
    );
  });
  antes.post(rutaLocal('INVITACION'), async (req, res) => {
    comprobarCsrfDeEntrada(req);
    const usuario = await usarEnlaceConContrasena(req, res, 'INVITACION');
    if (!usuario) return;
    await auditarPersona(ctx, req, usuario, 'USUARIO_ACTIVADO');
    // Following the e-mailed link proved the address: the person is in, and enrols a second factor next.
    await abrirSesionDeUsuario(ctx, req, res, (await personas(ctx).usuarios.leer(usuario._id))!);
    res.redirect(303, '/consola/emisor');
  });

  antes.get('/restablecer', (req, res) => {
    res.send(formularioRestablecer(req, res));
  });
  const formularioRestablecer = (req: Request, res: Response, aviso?: string) =>
    pagina({
      titulo: 'Restablecer la contraseña',
      cuerpo: html`<form class="entrada" method="post" action="/consola/restablecer" novalidate>
        ${aviso ? html`<p class="aviso ok" role="status">${aviso}</p>` : html`<p>Le enviaremos un enlace para elegir una contraseña nueva.</p>`}
        ${campo('Correo', 'correo', { tipo: 'email', extra: html`autocomplete="username" required autofocus` })}
        <input type="hidden" name="csrf" value="${csrfDeEntrada(req, res)}" />
        <button type="submit">Enviar enlace</button>
        <p class="tenue"><a href="/consola/entrar">Volver a entrar</a></p>
      </form>`,
    });
  antes.post('/restablecer', async (req, res) => {
    comprobarCsrfDeEntrada(req);
    const correo = texto(req, 'correo').trim().toLowerCase();
    const usuario = correo ? await personas(ctx).usuarios.porCorreo(correo) : null;
    const membresia = usuario?.membresias.find((m) => !m.deshabilitada);
    // Sent in the background, the answer is the same and as quick for any e-mail: it tells nobody who has
    // an account.
    if (usuario && membresia && !(await intentos.bloqueado(claves(req, correo))))
      void enviarEnlace(ctx, { usuarioId: usuario._id, tipo: 'RESTABLECER', emisorId: membresia.emisorId }).catch(
        (err: unknown) => req.log.error({ err }, 'password reset e-mail failed'),
      );
    res.send(
      formularioRestablecer(
        req,
        res,
        'Si el correo es de una persona de la consola, le llegará un enlace que sirve una vez durante una hora.',
      ),
    );
  });
  antes.get(rutaLocal('RESTABLECER'), (req, res) => {
    res.send(
      formularioContrasena(req, res, {
        accion: rutaEnlace('RESTABLECER', req),
        titulo: 'Contraseña nueva',
        intro: html`<p>Elija una contraseña nueva. Las sesiones abiertas con la anterior se cerrarán.</p>`,
      }),
    );
  });
  antes.post(rutaLocal('RESTABLECER'), async (req, res) => {
    comprobarCsrfDeEntrada(req);
    const usuario = await usarEnlaceConContrasena(req, res, 'RESTABLECER');
    if (!usuario) return;
    await new SesionesConsola(ctx.db.connection).cerrarDeUsuario(usuario._id);
    await auditarPersona(ctx, req, usuario, 'USUARIO_CONTRASENA_CAMBIADA', { detalles: { por: 'ENLACE' } });
    res.redirect(303, '/consola/entrar?aviso=contrasena');
  });

  /**
   * Checks the new password first (a typo does not spend the link), then uses the link once and sets it.
   * Answers the person, or null once the form was answered again with its errors.
   */
  async function usarEnlaceConContrasena(req: Request, res: Response, tipo: TipoEnlace): Promise<UsuarioRecord | null> {
    const [titulo, ruta] =
      tipo === 'INVITACION'
        ? (['Bienvenido a la consola', rutaEnlace('INVITACION', req)] as const)
        : (['Contraseña nueva', rutaEnlace('RESTABLECER', req)] as const);
    const contrasena = texto(req, 'contrasena');
    const volver = (errores: Errores) =>
      res.status(400).send(formularioContrasena(req, res, { accion: ruta, titulo, intro: html``, errores }));
    const errores = erroresDeContrasena(contrasena, texto(req, 'repetida'));
    if (Object.keys(errores).length) return (volver(errores), null);
    let usuario: UsuarioRecord;
    try {
      usuario = await personas(ctx).usuarios.usarEnlace(String(req.params.token), tipo);
    } catch (err) {
      if (!(err instanceof RechazoUsuario)) throw err;
      return (volver({ enlace: err.message }), null);
    }
    await personas(ctx).usuarios.setContrasena(usuario._id, contrasena);
    return usuario;
  }

  const formularioSegundoFactor = (req: Request, error?: string) =>
    pagina({
      titulo: 'Segundo factor',
      cuerpo: html`<form class="entrada" method="post" action="/consola/segundo-factor" novalidate>
          <p>Escriba el código de 6 dígitos de su aplicación de autenticación, o uno de sus códigos de recuperación.</p>
          ${campo('Código', 'codigo', {
            errores: error ? { codigo: error } : {},
            extra: html`inputmode="numeric" autocomplete="one-time-code" required autofocus`,
          })}
          <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
          <button type="submit">Continuar</button>
        </form>
        <form class="entrada-pie" method="post" action="/consola/salir">
          <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
          <button type="submit" class="secundario">Cancelar</button>
        </form>`,
    });
  despues.get('/segundo-factor', (req, res) => {
    res.send(formularioSegundoFactor(req));
  });
  despues.post('/segundo-factor', async (req, res) => {
    const usuario = req.sesionConsola!.usuario!;
    const codigo = texto(req, 'codigo').replace(/\s+/g, '');
    if (await intentos.bloqueado(claves(req, usuario.correo))) {
      res.status(429).send(formularioSegundoFactor(req, MENSAJE_BLOQUEO));
      return;
    }
    if (!(await segundoFactorValido(usuario, codigo))) {
      await fallo(req, usuario.correo, usuario, 'SEGUNDO_FACTOR');
      res.status(401).send(formularioSegundoFactor(req, 'El código no es correcto o ya se usó'));
      return;
    }
    await avanzarSesion(ctx, req, { segundoFactor: true });
    res.redirect(303, '/consola/emisor');
  });

  /** A TOTP code of a step not used yet, or an unused recovery code: each is spent here, once. */
  async function segundoFactorValido(usuario: UsuarioRecord, codigo: string): Promise<boolean> {
    const usuarios = personas(ctx).usuarios;
    const totp = usuarios.secretoTotp(usuario);
    if (!totp?.activo) return false;
    const paso = comprobarCodigoTotp(totp.secreto, codigo, totp.ultimoPaso);
    if (paso !== null) return usuarios.usarPasoTotp(usuario._id, paso);
    return /^[\w-]{8,40}$/.test(codigo) && usuarios.usarCodigoDeRecuperacion(usuario._id, codigo);
  }

  /** The emisores the person works in, by name: one is picked at once, several are offered. */
  despues.get('/emisor', async (req, res) => {
    const usuario = req.sesionConsola!.usuario;
    if (!usuario) return res.redirect(303, '/consola/documentos');
    const vivas = usuario.membresias.filter((m) => !m.deshabilitada);
    if (vivas.length === 1 && req.sesionConsola!.paso === 'EMISOR') return elegir(req, res, vivas[0]!.emisorId);
    const emisores = await Promise.all(vivas.map((m) => ctx.tenants.emisor(m.emisorId)));
    res.send(
      pagina({
        titulo: 'Elija el emisor',
        cuerpo: html`<form class="entrada" method="post" action="/consola/emisor">
          <p>Usted trabaja en varios emisores. ¿En cuál quiere trabajar ahora?</p>
          <fieldset>
            <legend>Emisor</legend>
            ${vivas.map(
              (m, i) =>
                html`<label class="opcion"
                  ><input type="radio" name="emisorId" value="${m.emisorId}" ${i === 0 ? 'checked' : ''} />
                  ${emisores[i]?.nombreComercial || emisores[i]?.nombre || `Emisor ${m.emisorId}`}
                  (${m.rol.toLowerCase()})</label
                >`,
            )}
          </fieldset>
          <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
          <button type="submit">Entrar al emisor</button>
        </form>`,
      }),
    );
  });
  despues.post('/emisor', async (req, res) => {
    if (!req.sesionConsola!.usuario) return res.redirect(303, '/consola/documentos');
    await elegir(req, res, Number(texto(req, 'emisorId')));
  });

  async function elegir(req: Request, res: Response, emisorId: number): Promise<void> {
    const usuario = req.sesionConsola!.usuario!;
    if (!Number.isInteger(emisorId) || !rolEn(usuario, emisorId))
      throw new DteError(ErrorCode.PERMISSION_DENIED, 403, 'Usted no trabaja en ese emisor', { field: 'emisorId' });
    await avanzarSesion(ctx, req, { emisorId });
    await auditar(ctx, req, 'INICIO_SESION', {}, { emisorId, actor: actorDeUsuario(usuario) });
    res.redirect(303, '/consola/documentos');
  }

  return { antes, despues };
}
