import type { ErrorRequestHandler, Request } from 'express';
import { DteError, ErrorCode } from '@dte/domain';
import type { ApiContext } from '../context';
import { html, pagina, type Pagina } from './html';

/** The header of a signed-in page: the emisor, who signed in, the session's CSRF token and permissions. */
export async function datosDePagina(ctx: ApiContext, req: Request): Promise<Pick<Pagina, 'sesion'>> {
  const emisor = await ctx.tenants.emisor(req.auth.emisorId);
  const usuario = req.sesionConsola!.usuario;
  return {
    sesion: {
      emisor: emisor?.nombreComercial || emisor?.nombre || `Emisor ${req.auth.emisorId}`,
      quien: usuario?.nombre ?? req.tokenDeSesion?.name ?? '',
      csrf: req.sesionConsola!.csrf,
      permisos: req.auth.permissions,
      persona: !!usuario,
      variosEmisores: (usuario?.membresias.filter((m) => !m.deshabilitada).length ?? 0) > 1,
    },
  };
}

/** The query's filled-in fields: an empty field of the form is no filter. */
export function llenos(query: Request['query']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''),
  );
}

/**
 * The webhook endpoints' state (never their secrets) is shown to a token that manages them (WEBHOOKS) or
 * to a person's console token (CONSOLA), whose support and operations work needs it.
 */
export const puedeVerWebhooks = (req: Request) =>
  req.auth.permissions.includes('WEBHOOKS') || req.auth.permissions.includes('CONSOLA');

/**
 * A refusal as a page: the API's status and code, its message and the fields it names, so what the
 * console refuses reads as the API's answer to the same request.
 */
export function paginaDeError(ctx: ApiContext): ErrorRequestHandler {
  return async (err, req, res, next) => {
    if (res.headersSent) return next(err);
    const error =
      err instanceof DteError
        ? err
        : (err as { type?: string }).type === 'entity.too.large'
          ? new DteError(ErrorCode.PAYLOAD_TOO_LARGE, 413, 'El formulario es demasiado grande')
          : null;
    if (!error) {
      req.log.error({ err }, 'unhandled error');
      res.status(500);
    } else res.status(error.httpStatus);
    const errores = (error?.details.errors as { field: string; message: string }[] | undefined) ?? [];
    const cuerpo = html`<div class="aviso error">
        <p><strong>${error ? error.message : 'Error interno'}</strong></p>
        <p>
          Código <code class="codigo-error">${error?.code ?? ErrorCode.INTERNAL_ERROR}</code> · HTTP ${res.statusCode} ·
          solicitud <code>${req.id}</code>
        </p>
        ${
          errores.length
            ? html`<ul>
                ${errores.map((e) => html`<li><code>${e.field}</code>: ${e.message}</li>`)}
              </ul>`
            : ''
        }
      </div>
      <p><a class="boton secundario" href="/consola/documentos">Volver a la consola</a></p>`;
    // Signed in, the page keeps its menu; before that (or when the session's token fails), it has none.
    const datos = req.sesionConsola && req.auth ? await datosDePagina(ctx, req).catch(() => ({})) : {};
    res.type('html').send(pagina({ ...datos, titulo: 'No se pudo completar', cuerpo }));
  };
}
