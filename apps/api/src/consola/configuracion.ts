import { Router, type Request } from 'express';
import {
  catalogValue,
  documentKind,
  DTE_TIPOS,
  DteError,
  ErrorCode,
  formatoDeImagen,
  MAX_BYTES_LOGO,
  MAX_NOMBRE_REMITENTE,
} from '@dte/domain';
import {
  correlativosDelEmisor,
  detallesDeCorrelativo,
  fijarCorrelativo,
  MAX_CORRELATIVO,
  remitenteDe,
  SecretBox,
  Tenants,
} from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { auditar } from '../http/auditoria';
import { campo, campoCsrf, seleccion, texto, type Errores } from './formulario';
import { html, pagina } from './html';
import { datosDePagina } from './pagina';

const AVISOS: Record<string, string> = {
  remitente: 'Remitente guardado: los próximos correos a los receptores salen así.',
  logo: 'Logo guardado: los próximos PDF lo llevan.',
  'sin-logo': 'Logo quitado: los próximos PDF salen sin logo.',
  correlativo: 'Correlativo fijado: el próximo documento de esa serie lleva ese número.',
};

/** The kinds this service issues, by their CAT-002 code, named as MH names them. */
const TIPOS = DTE_TIPOS.map((t) => documentKind(t).tipoDte).map((codigo): [string, string] => [
  codigo,
  `${catalogValue('CAT-002', codigo) ?? codigo} (${codigo})`,
]);
const nombreDeTipo = (codigo: string) => TIPOS.find(([c]) => c === codigo)?.[1] ?? codigo;

/** What the page shows again after a refusal: what was typed, and each field's error. */
interface Estado {
  valores?: Record<string, string>;
  errores?: Errores;
}

/**
 * The emisor's settings for its administrators (USUARIOS, which only ADMINISTRADOR holds): the sender of
 * its receptors' e-mails (the From's name and the Reply-To; the From's address stays MAIL_FROM's), the
 * logo of its PDFs, and the next number of its correlativo series (`fijarCorrelativo`). Each change is in
 * the audit log, with the setting before it.
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
    // What was typed in this form, or what is saved.
    const v = {
      nombre: valores?.nombre ?? remitente.nombre ?? '',
      responderA: valores?.responderA ?? remitente.responderA ?? '',
    };
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
      </section>
      ${await correlativos(req, { valores, errores })}`;
    return pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Configuración', seccion: 'configuracion', cuerpo });
  }

  /** The emisor's points of sale as `<codEstable>/<codPuntoVenta>`, what the correlativos' form picks. */
  async function puntos(emisorId: number) {
    const [establecimientos, puntosVenta] = await Promise.all([
      tenants.establecimientos(emisorId),
      tenants.puntosVenta(emisorId),
    ]);
    return puntosVenta.flatMap((p) => {
      const e = establecimientos.find((e) => e.id === p.establecimientoId);
      return e ? [{ id: p.id, valor: `${e.codEstable}/${p.codPuntoVenta}`, nombre: e.nombre }] : [];
    });
  }

  /**
   * The correlativos: this year's series with their last number and their next, and the form that sets a
   * series' next number, for an emisor that continues another provider's numbering.
   */
  async function correlativos(req: Request, { valores = {}, errores = {} }: Estado) {
    const emisorId = req.auth.emisorId;
    const [series, lista] = await Promise.all([correlativosDelEmisor(ctx.db, emisorId), puntos(emisorId)]);
    const punto = (id: number) => lista.find((p) => p.id === id)?.valor ?? String(id);
    return html`<section>
      <h2>Correlativos</h2>
      <p class="tenue">
        Si el emisor viene de otro proveedor, fije aquí el número con que sigue cada serie (tipo de documento,
        establecimiento y punto de venta) este año. Solo puede avanzar: nunca por debajo de un número ya emitido.
      </p>
      ${
        series.length
          ? html`<table class="correlativos">
              <thead>
                <tr>
                  <th>Serie</th>
                  <th class="num">Último</th>
                  <th class="num">Siguiente</th>
                </tr>
              </thead>
              <tbody>
                ${series.map(
                  (c) =>
                    html`<tr>
                      <td>
                        ${nombreDeTipo(c.tipoDte)}
                        <div class="tenue">${punto(c.puntoVentaId)}</div>
                      </td>
                      <td class="num">${c.ultimo || '—'}</td>
                      <td class="num">${c.siguiente}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
          : html`<p class="vacio">Este año no se ha emitido ningún documento.</p>`
      }
      <form class="accion" method="post" action="/consola/configuracion/correlativo" novalidate>
        ${seleccion('Tipo de documento', 'tipo', TIPOS, { valor: valores.tipo ?? '01', errores })}
        ${seleccion(
          'Establecimiento / punto de venta',
          'puntoVenta',
          lista.map((p): [string, string] => [p.valor, `${p.valor} · ${p.nombre}`]),
          { valor: valores.puntoVenta, errores },
        )}
        ${campo('Siguiente número', 'siguiente', {
          tipo: 'number',
          valor: valores.siguiente,
          errores,
          extra: html`min="1" max="${MAX_CORRELATIVO}" step="1" inputmode="numeric"`,
        })}
        ${campoCsrf(req)}
        <button type="submit">Revisar y fijar</button>
      </form>
    </section>`;
  }

  /** A refusal of the form's own data as its fields' errors (400), anything else as the error page. */
  function erroresDe(err: unknown, campo?: string): Errores {
    if (!(err instanceof DteError) || err.httpStatus >= 500) throw err;
    const porCampo = (err.details.errors as { field: string; message: string }[] | undefined) ?? [];
    if (porCampo.length) return Object.fromEntries(porCampo.map((e) => [e.field, e.message]));
    // The establishment and the point of sale are picked together.
    const nombrado = err.details.field === 'establecimiento' ? 'puntoVenta' : (err.details.field as string | undefined);
    return { [nombrado ?? campo!]: err.message };
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

  /**
   * A series' next number, in two steps since it cannot be undone: the first POST checks it (every refusal
   * beside its field) and asks again with what it will do, the second (`paso=confirmar`) sets it.
   */
  router.post('/configuracion/correlativo', async (req, res) => {
    const valores = {
      tipo: texto(req, 'tipo'),
      puntoVenta: texto(req, 'puntoVenta'),
      siguiente: texto(req, 'siguiente'),
    };
    const [codEstable = '', codPuntoVenta = ''] = valores.puntoVenta.split('/');
    const entrada = {
      emisorId: req.auth.emisorId,
      tipoDte: valores.tipo,
      codEstable,
      codPuntoVenta,
      siguiente: /^\d+$/.test(valores.siguiente.trim()) ? Number(valores.siguiente.trim()) : NaN,
    };
    const confirmado = texto(req, 'paso') === 'confirmar';
    let hecho;
    try {
      hecho = await fijarCorrelativo(ctx.db, entrada, { soloComprobar: !confirmado });
    } catch (err) {
      const errores = erroresDe(err, 'siguiente');
      return void res.status((err as DteError).httpStatus).send(await vista(req, { valores, errores }));
    }
    if (confirmado) {
      await auditar(ctx, req, 'CORRELATIVO_FIJADO', { detalles: detallesDeCorrelativo(hecho) });
      return res.redirect(303, '/consola/configuracion?hecho=correlativo');
    }
    const cuerpo = html`<div class="aviso alerta">
        <p>
          El próximo documento <strong>${nombreDeTipo(hecho.tipoDte)}</strong> de
          <strong>${valores.puntoVenta}</strong> en ${hecho.year} llevará el número
          <strong>${hecho.siguiente}</strong>${hecho.ultimo ? ` (el último emitido aquí es el ${hecho.ultimo})` : ''}.
        </p>
        <p>No se puede deshacer: después solo podrá fijar un número mayor.</p>
      </div>
      <form method="post" action="/consola/configuracion/correlativo" class="accion">
        <input type="hidden" name="tipo" value="${valores.tipo}" />
        <input type="hidden" name="puntoVenta" value="${valores.puntoVenta}" />
        <input type="hidden" name="siguiente" value="${hecho.siguiente}" />
        <input type="hidden" name="paso" value="confirmar" /> ${campoCsrf(req)}
        <button type="submit" class="peligro">Sí, fijar el correlativo</button>
        <a class="boton secundario" href="/consola/configuracion">Volver sin cambiar nada</a>
      </form>`;
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: '¿Fijar el correlativo?',
        seccion: 'configuracion',
        cuerpo,
      }),
    );
  });

  return router;
}
