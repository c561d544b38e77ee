import { Router, type Request, type RequestHandler, type Response } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import {
  comprobarCodigoTotp,
  nuevoSecretoTotp,
  qrTotpSvg,
  SesionesConsola,
  uriTotp,
  verificarContrasena,
  type UsuarioRecord,
} from '@dte/store';
import type { ApiContext } from '../context';
import { auditarPersona } from '../http/auditoria';
import { authenticate } from '../http/auth';
import { erroresDeContrasena } from './entrada';
import { campo, campoCsrf, texto, type Errores } from './formulario';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';
import { personas } from './sesion';

/**
 * A person's own page (issue 50): their password, their second factor and their open sessions. The
 * enrolment of the second factor is also the one page of a session whose emisor requires it before
 * anything else (`ENROLAR`), which has no token yet: such a page has no menu.
 */
export function cuentaConsola(ctx: ApiContext): Router {
  const router = Router();
  const sesiones = new SesionesConsola(ctx.db.connection);

  /** Only a person's session has an account; a ready one is authenticated for the menu. */
  const deUnaPersona: RequestHandler = (req, res, next) => {
    if (!req.sesionConsola?.usuario) return res.redirect(303, '/consola/documentos');
    if (req.tokenDeSesion) return authenticate(ctx)(req, res, next);
    next();
  };
  router.use('/cuenta', deUnaPersona);

  const usuarioDe = (req: Request): UsuarioRecord => req.sesionConsola!.usuario!;
  const csrf = campoCsrf;
  const enviarPagina = async (req: Request, res: Response, titulo: string, cuerpo: Html, status = 200) => {
    const datos = req.tokenDeSesion ? await datosDePagina(ctx, req) : {};
    res
      .status(status)
      .type('html')
      .send(pagina({ ...datos, seccion: 'cuenta', titulo, cuerpo }));
  };

  async function paginaCuenta(req: Request, res: Response, errores: Errores = {}, aviso?: string, status = 200) {
    const usuario = usuarioDe(req);
    const abiertas = await sesiones.deUsuario(usuario._id);
    await enviarPagina(
      req,
      res,
      'Mi cuenta',
      html`${aviso && html`<p class="aviso ok" role="status">${aviso}</p>`}
        <section>
          <h2>Datos</h2>
          <dl class="ficha">
            <div>
              <dt>Nombre</dt>
              <dd>${usuario.nombre}</dd>
            </div>
            <div>
              <dt>Correo</dt>
              <dd>${usuario.correo}</dd>
            </div>
          </dl>
        </section>
        <section>
          <h2>Segundo factor</h2>
          ${
            usuario.totp?.activo
              ? html`<p>
                  <span class="estado estado-processed">Activo</span> Al entrar se le pide un código de su aplicación de
                  autenticación. Si pierde el teléfono, use un código de recuperación o pida al administrador que lo
                  restablezca.
                </p>`
              : html`<p>
                    <span class="estado estado-pendiente">Sin activar</span> Un código de su teléfono además de la
                    contraseña protege su cuenta aunque alguien la conozca.
                  </p>
                  <p><a class="boton" href="/consola/cuenta/segundo-factor">Activar el segundo factor</a></p>`
          }
        </section>
        <section>
          <h2>Cambiar la contraseña</h2>
          <form class="accion" method="post" action="/consola/cuenta/contrasena" novalidate>
            ${campo('Contraseña actual', 'actual', { tipo: 'password', errores, extra: html`autocomplete="current-password" required` })}
            ${campo('Contraseña nueva', 'contrasena', { tipo: 'password', errores, extra: html`autocomplete="new-password" required` })}
            ${campo('Repita la contraseña nueva', 'repetida', { tipo: 'password', errores, extra: html`autocomplete="new-password" required` })}
            ${csrf(req)}
            <button type="submit">Cambiar la contraseña</button>
          </form>
        </section>
        <section>
          <h2>Sesiones abiertas</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Abierta</th>
                <th scope="col">Desde</th>
                <th scope="col">Navegador</th>
                <th scope="col"><span class="oculto">Acción</span></th>
              </tr>
            </thead>
            <tbody>
              ${abiertas.map(
                (s) =>
                  html`<tr>
                    <td>${fechaHora(s.creada)}</td>
                    <td><code>${s.usuario?.direccion}</code></td>
                    <td class="tenue">${s.usuario?.agente}</td>
                    <td>
                      ${
                        s._id === req.sesionConsola!.id
                          ? html`<span class="estado estado-processed">Esta sesión</span>`
                          : html`<form method="post" action="/consola/cuenta/sesiones/cerrar">
                              <input type="hidden" name="sesion" value="${s._id}" />${csrf(req)}
                              <button type="submit" class="secundario">Cerrar</button>
                            </form>`
                      }
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </section>`,
      status,
    );
  }

  router.get('/cuenta', (req, res) => paginaCuenta(req, res));

  router.post('/cuenta/contrasena', async (req, res) => {
    const usuario = usuarioDe(req);
    const contrasena = texto(req, 'contrasena');
    const errores = (await verificarContrasena(usuario.contrasena, texto(req, 'actual')))
      ? erroresDeContrasena(contrasena, texto(req, 'repetida'))
      : { actual: 'La contraseña actual no es correcta' };
    if (Object.keys(errores).length) return paginaCuenta(req, res, errores, undefined, 400);
    await personas(ctx).usuarios.setContrasena(usuario._id, contrasena);
    // Whoever else knew the old password is signed out: every session but this one ends.
    for (const s of await sesiones.deUsuario(usuario._id))
      if (s._id !== req.sesionConsola!.id) await sesiones.cerrar(s._id);
    await auditarPersona(ctx, req, usuario, 'USUARIO_CONTRASENA_CAMBIADA', { detalles: { por: 'CUENTA' } });
    await paginaCuenta(req, res, {}, 'Su contraseña cambió. Sus otras sesiones se cerraron.');
  });

  router.post('/cuenta/sesiones/cerrar', async (req, res) => {
    const usuario = usuarioDe(req);
    const id = texto(req, 'sesion');
    const suya = (await sesiones.deUsuario(usuario._id)).find((s) => s._id === id);
    if (!suya) throw new DteError(ErrorCode.NOT_FOUND, 404, 'Esa sesión no es suya o ya terminó', { field: 'sesion' });
    await sesiones.cerrar(id);
    await auditarPersona(ctx, req, usuario, 'SESION_CERRADA', { detalles: { por: 'PROPIA' } });
    await paginaCuenta(req, res, {}, 'La sesión se cerró.');
  });

  /**
   * The enrolment: a secret made on request (a POST: opening the page changes nothing), shown as a QR
   * code drawn by the server and as text, then confirmed with a first code; the recovery codes are shown
   * once, on the answer to that code.
   */
  const enrolamiento = async (req: Request, res: Response, error?: string) => {
    const usuario = usuarioDe(req);
    const totp = personas(ctx).usuarios.secretoTotp(usuario);
    if (totp?.activo) return res.redirect(303, '/consola/cuenta');
    const obligatorio = req.sesionConsola!.paso === 'ENROLAR';
    const intro = obligatorio
      ? html`<p class="aviso alerta">
          El administrador del emisor pide a todas las personas un segundo factor. Actívelo para seguir.
        </p>`
      : '';
    if (!totp)
      return enviarPagina(
        req,
        res,
        'Activar el segundo factor',
        html`${intro}
          <section>
            <p>
              Necesita una aplicación de autenticación en su teléfono (Google Authenticator, Microsoft Authenticator,
              FreeOTP u otra compatible con TOTP).
            </p>
            <form method="post" action="/consola/cuenta/segundo-factor/iniciar">
              ${csrf(req)}<button type="submit">Empezar</button>
            </form>
          </section>`,
      );
    const qr = Buffer.from(await qrTotpSvg(uriTotp(totp.secreto, usuario.correo))).toString('base64');
    await enviarPagina(
      req,
      res,
      'Activar el segundo factor',
      html`${intro}
        <section>
          <ol>
            <li>Abra su aplicación de autenticación y escanee este código:</li>
          </ol>
          <img
            class="qr"
            src="data:image/svg+xml;base64,${qr}"
            alt="Código QR para su aplicación de autenticación"
            width="200"
            height="200"
          />
          <p class="tenue">
            ¿No puede escanearlo? Escriba esta clave en la aplicación: <code class="secreto">${totp.secreto}</code>
          </p>
          <form class="accion" method="post" action="/consola/cuenta/segundo-factor" novalidate>
            <h3>2. Escriba el código de 6 dígitos que muestra la aplicación</h3>
            ${campo('Código', 'codigo', {
              errores: error ? { codigo: error } : {},
              extra: html`inputmode="numeric" autocomplete="one-time-code" required autofocus`,
            })}
            ${csrf(req)}
            <button type="submit">Activar</button>
          </form>
        </section>`,
      error ? 400 : 200,
    );
  };

  router.get('/cuenta/segundo-factor', (req, res) => enrolamiento(req, res));

  router.post('/cuenta/segundo-factor/iniciar', async (req, res) => {
    const usuario = usuarioDe(req);
    if (!usuario.totp?.activo) await personas(ctx).usuarios.iniciarTotp(usuario._id, nuevoSecretoTotp());
    res.redirect(303, '/consola/cuenta/segundo-factor');
  });

  router.post('/cuenta/segundo-factor', async (req, res) => {
    const usuario = usuarioDe(req);
    const usuarios = personas(ctx).usuarios;
    const totp = usuarios.secretoTotp(usuario);
    if (!totp || totp.activo) return res.redirect(303, '/consola/cuenta/segundo-factor');
    const paso = comprobarCodigoTotp(totp.secreto, texto(req, 'codigo').replace(/\s+/g, ''), totp.ultimoPaso);
    if (paso === null || !(await usuarios.usarPasoTotp(usuario._id, paso)))
      return enrolamiento(req, res, 'El código no es correcto: escriba el que muestra la aplicación ahora');
    const codigos = await usuarios.activarTotp(usuario._id);
    await auditarPersona(ctx, req, usuario, 'USUARIO_SEGUNDO_FACTOR_ACTIVADO');
    await enviarPagina(
      req,
      res,
      'Segundo factor activo',
      html`<p class="aviso ok" role="status">Listo: desde ahora, al entrar se le pedirá un código.</p>
        <section>
          <h2>Códigos de recuperación</h2>
          <p>
            Guárdelos en un lugar seguro: cada uno sirve una vez para entrar si no tiene el teléfono.
            <strong>No se volverán a mostrar.</strong>
          </p>
          <ul class="codigos">
            ${codigos.map((c) => html`<li><code>${c}</code></li>`)}
          </ul>
          <p><a class="boton" href="/consola/documentos">Continuar</a></p>
        </section>`,
    );
  });

  return router;
}
