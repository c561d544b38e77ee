import { Router, type Request } from 'express';
import { DteError, ErrorCode, formatoDeImagen, MAX_BYTES_LOGO, MAX_NOMBRE_REMITENTE } from '@dte/domain';
import { remitenteDe, SecretBox, Tenants } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { auditar } from '../http/auditoria';
import { campo, campoCsrf, texto, type Errores } from './formulario';
import { html, pagina } from './html';
import { datosDePagina } from './pagina';

const AVISOS: Record<string, string> = {
  remitente: 'Remitente guardado: los próximos correos a los receptores salen así.',
  logo: 'Logo guardado: los próximos PDF lo llevan.',
  'sin-logo': 'Logo quitado: los próximos PDF salen sin logo.',
};

/** What the page shows again after a refusal: what was typed, and each field's error. */
interface Estado {
  valores?: Record<string, string>;
  errores?: Errores;
}

/**
 * The emisor's settings for its administrators (USUARIOS, which only ADMINISTRADOR holds): the sender of
 * its receptors' e-mails (the From's name and the Reply-To; the From's address stays MAIL_FROM's) and the
 * logo of its PDFs. Each change is in the audit log, with the setting before it.
 */
export function configuracionConsola(ctx: ApiContext): Router {
  const router = Router();
  const tenants = new Tenants(ctx.db, new SecretBox(ctx.config.SECRET_KEY));

  router.use('/configuracion', authenticate(ctx), (req, _res, next) => {
    requirePermission(req.auth, 'USUARIOS');
    next();
  });

  async function vista(req: Request, { valores, errores = {} }: Estado = {}) {
    // Read here, not from the tenant cache: the page shows what was just saved.
    const emisor = await tenants.emisor(req.auth.emisorId);
    const remitente = remitenteDe(emisor);
    const v = valores ?? { nombre: remitente.nombre ?? '', responderA: remitente.responderA ?? '' };
    const logo = emisor.branding?.logoKey ? await ctx.store.get(emisor.branding.logoKey).catch(() => null) : null;
    const formato = logo && formatoDeImagen(logo);
    const mensaje = AVISOS[String(req.query.hecho)];
    const desde = ctx.config.MAIL_FROM;
    const cuerpo = html`${mensaje && html`<p class="aviso ok" role="status">${mensaje}</p>`}
      <section>
        <h2>Remitente de los correos</h2>
        <p class="tenue">
          Los documentos llegan a sus receptores desde la dirección del servicio (${desde}) con el nombre que escriba
          aquí; las respuestas de los receptores van a su correo.
        </p>
        <form class="accion" method="post" action="/consola/configuracion/remitente" novalidate>
          ${campo('Nombre del remitente', 'nombre', {
            valor: v.nombre,
            errores,
            extra: html`maxlength="${MAX_NOMBRE_REMITENTE}" autocomplete="organization"`,
          })}
          ${campo('Responder a (correo)', 'responderA', {
            tipo: 'email',
            valor: v.responderA,
            errores,
            extra: html`autocomplete="email"`,
          })}
          ${campoCsrf(req)}
          <button type="submit">Guardar remitente</button>
          <p class="tenue">Deje un campo vacío para no usarlo.</p>
        </form>
      </section>
      <section>
        <h2>Logo</h2>
        ${
          formato
            ? html`<p>
                <img
                  class="logo-emisor"
                  src="data:${formato.tipo};base64,${logo!.toString('base64')}"
                  alt="Logo actual del emisor"
                />
              </p>`
            : html`<p class="vacio">Sus PDF no llevan logo.</p>`
        }
        <form
          class="accion"
          method="post"
          action="/consola/configuracion/logo"
          enctype="multipart/form-data"
          novalidate
        >
          <label
            >Imagen PNG o JPEG de hasta ${MAX_BYTES_LOGO / 1024} KB<input
              type="file"
              name="archivo"
              id="campo-archivo"
              accept="image/png,image/jpeg"
              ${errores.archivo ? html`aria-invalid="true" aria-describedby="error-archivo"` : ''}
            />${errores.archivo && html`<span class="error-campo" id="error-archivo">${errores.archivo}</span>`}</label
          >
          ${campoCsrf(req)}
          <button type="submit">Subir logo</button>
        </form>
        ${
          formato &&
          html`<form class="accion" method="post" action="/consola/configuracion/logo/quitar">
            ${campoCsrf(req)}
            <button type="submit" class="secundario">Quitar el logo</button>
          </form>`
        }
      </section>`;
    return pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Configuración', seccion: 'configuracion', cuerpo });
  }

  /** A refusal of the form's own data as its fields' errors (400), anything else as the error page. */
  function erroresDe(err: unknown, campo?: string): Errores {
    if (!(err instanceof DteError) || err.httpStatus !== 400) throw err;
    const porCampo = (err.details.errors as { field: string; message: string }[] | undefined) ?? [];
    if (porCampo.length) return Object.fromEntries(porCampo.map((e) => [e.field, e.message]));
    return { [campo!]: err.message };
  }

  router.get('/configuracion', async (req, res) => {
    res.send(await vista(req));
  });

  router.post('/configuracion/remitente', async (req, res) => {
    const valores = { nombre: texto(req, 'nombre'), responderA: texto(req, 'responderA') };
    try {
      const hecho = await tenants.setRemitente(req.auth.emisorId, valores);
      await auditar(ctx, req, 'REMITENTE_CAMBIADO', { detalles: hecho.detalles });
    } catch (err) {
      return void res.status(400).send(await vista(req, { valores, errores: erroresDe(err) }));
    }
    res.redirect(303, '/consola/configuracion?hecho=remitente');
  });

  router.post('/configuracion/logo', async (req, res) => {
    try {
      if (!req.file?.size) throw new DteError(ErrorCode.VALIDATION_ERROR, 400, 'Elija la imagen del logo');
      const hecho = await tenants.setLogo(req.auth.emisorId, ctx.store, req.file.buffer);
      await auditar(ctx, req, 'LOGO_CAMBIADO', { detalles: { logoKey: hecho.logoKey, anterior: hecho.anterior } });
    } catch (err) {
      return void res.status(400).send(await vista(req, { errores: erroresDe(err, 'archivo') }));
    }
    res.redirect(303, '/consola/configuracion?hecho=logo');
  });

  router.post('/configuracion/logo/quitar', async (req, res) => {
    const hecho = await tenants.setLogo(req.auth.emisorId, ctx.store, null);
    await auditar(ctx, req, 'LOGO_CAMBIADO', { detalles: { logoKey: null, anterior: hecho.anterior } });
    res.redirect(303, '/consola/configuracion?hecho=sin-logo');
  });

  return router;
}
