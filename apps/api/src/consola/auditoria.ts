import { Router, type Request, type Response } from 'express';
import {
  ACCIONES_AUDITORIA,
  auditoriaRequest,
  campoCsv,
  DteError,
  ErrorCode,
  parseRequest,
  type AccionAuditoria,
  type Actor,
  type AuditoriaRequest,
} from '@dte/domain';
import { Auditoria, type EntradaAuditoria } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { escribirCursor, leerCursor } from '../http/cursor';
import { estadoTexto, fechaHora, html, pagina, type Html } from './html';
import { datosDePagina, llenos } from './pagina';

/**
 * Every action of the log in the console's words: the audit page's filter and table, the CSV, and the
 * document's timeline ("Reenviado por …"), which is why a document's actions read as participles.
 */
export const ACCIONES: Readonly<Record<AccionAuditoria, string>> = {
  DTE_EMITIDO: 'Emitido',
  RETORNO_EMITIDO: 'Retorno emitido',
  DTE_ANULADO: 'Anulado',
  DTE_REENVIADO: 'Reenviado',
  ENLACE_CREADO: 'Enlace para compartir creado',
  ENLACE_REVOCADO: 'Enlaces para compartir revocados',
  WEBHOOK_CREADO: 'Webhook creado',
  WEBHOOK_ELIMINADO: 'Webhook eliminado',
  WEBHOOK_SECRETO_ROTADO: 'Secreto de webhook renovado',
  WEBHOOK_HABILITADO: 'Webhook habilitado',
  WEBHOOK_REENTREGA: 'Entrega de webhook repetida',
  TOKEN_CREADO: 'Token creado',
  TOKEN_REVOCADO: 'Token revocado',
  TOKEN_PERMISOS_CAMBIADOS: 'Permisos de token cambiados',
  USUARIO_INVITADO: 'Usuario invitado',
  USUARIO_ACTIVADO: 'Usuario activado',
  USUARIO_ROL_CAMBIADO: 'Rol de usuario cambiado',
  USUARIO_DESHABILITADO: 'Usuario deshabilitado',
  USUARIO_HABILITADO: 'Usuario habilitado',
  USUARIO_SEGUNDO_FACTOR_RESTABLECIDO: 'Segundo factor restablecido',
  USUARIO_SEGUNDO_FACTOR_ACTIVADO: 'Segundo factor activado',
  USUARIO_CONTRASENA_CAMBIADA: 'Contraseña cambiada',
  SESION_CERRADA: 'Sesión cerrada',
  SEGUNDO_FACTOR_OBLIGATORIO_CAMBIADO: 'Segundo factor obligatorio cambiado',
  COMPRA_CLASIFICADA: 'Compra clasificada',
  COMPRA_CONFIRMADA: 'Compra confirmada',
  BUZON_CONFIGURADO: 'Buzón configurado',
  BUZON_ELIMINADO: 'Buzón eliminado',
  CERTIFICACION_COMANDO: 'Certificación: comando',
  EMISOR_PRODUCCION: 'Emisor pasado a producción',
  FORMATO_PDF_CAMBIADO: 'Formato del PDF cambiado',
  ENLACE_VIGENCIA_CAMBIADA: 'Vigencia de los enlaces cambiada',
  REMITENTE_CAMBIADO: 'Remitente de los correos cambiado',
  LOGO_CAMBIADO: 'Logo cambiado',
  CORRELATIVO_FIJADO: 'Correlativo fijado',
  CLIENTE_CREADO: 'Cliente creado',
  CLIENTE_MODIFICADO: 'Cliente modificado',
  CLIENTE_ELIMINADO: 'Cliente eliminado',
  CLIENTES_IMPORTADOS: 'Clientes importados',
  PRODUCTO_CREADO: 'Producto creado',
  PRODUCTO_MODIFICADO: 'Producto modificado',
  PRODUCTO_ELIMINADO: 'Producto eliminado',
  PRODUCTOS_IMPORTADOS: 'Productos importados',
  SONDEO_MH: 'MH sondeado a pedido',
  IMPORTACION_INICIADA: 'Importación de documentos iniciada',
  INICIO_SESION: 'Inicio de sesión',
  INICIO_SESION_FALLIDO: 'Inicio de sesión fallido',
};

/** Who acted, as a person reads it: the person's e-mail, the token's name, the server's operator. */
export function quien(actor: Actor): { nombre: string; tipo: string } {
  switch (actor.tipo) {
    case 'USUARIO':
      return { nombre: actor.correo, tipo: 'persona' };
    case 'TOKEN':
      return { nombre: actor.nombre, tipo: 'token de API' };
    case 'ANONIMO':
      return { nombre: actor.correo, tipo: 'anónimo' };
    case 'OPERADOR':
      return { nombre: actor.nombre, tipo: 'operador del servidor' };
  }
}

/** A purchase's entries name a supplier's document, which has its page among the purchases. */
const enlaceDocumento = (e: EntradaAuditoria) =>
  e.codigoGeneracion && `/consola/${e.accion.startsWith('COMPRA_') ? 'compras' : 'documentos'}/${e.codigoGeneracion}`;

/** An entry's details; on screen a document's estado in words (`legible`), in the CSV as the API's code. */
const detalles = (e: EntradaAuditoria, legible = false) =>
  Object.entries(e.detalles)
    .map(([k, v]) => `${k}: ${legible && k === 'estado' ? estadoTexto(String(v)) : v}`)
    .join(' · ');

/**
 * The most entries one CSV holds: read whole before the first byte is sent, so a file is never cut short;
 * a wider query is refused and told to narrow its dates.
 */
const MAX_CSV = 10_000;
/** The newest entries whose actors the actor field offers. */
const ACTORES_VISTOS = 200;

const COLUMNAS: readonly [string, (e: EntradaAuditoria) => string | null][] = [
  ['fecha', (e) => fechaHora(e.fecha)],
  ['quien', (e) => quien(e.actor).nombre],
  ['tipo_actor', (e) => quien(e.actor).tipo],
  ['actor', (e) => e.actorClave],
  ['accion', (e) => ACCIONES[e.accion]],
  ['codigo_accion', (e) => e.accion],
  ['codigo_generacion', (e) => e.codigoGeneracion],
  ['endpoint', (e) => e.endpoint],
  ['direccion', (e) => e.direccion],
  ['solicitud', (e) => e.requestId],
  ['detalles', (e) => detalles(e) || null],
];

/** What each field's refusal says in the console, where the API's message speaks to a programmer. */
const MENSAJES: Record<string, string> = {
  actor: 'Elija un actor de la lista o escriba su clave: token:…, usuario:…, correo:… u operador:…',
  accion: 'Elija una acción de la lista',
  codigoGeneracion: 'Escriba el código de generación completo (36 caracteres, como 0A1B2C3D-…)',
};
const CAMPOS = ['actor', 'accion', 'codigoGeneracion', 'desde', 'hasta'];

/** The query as typed (kept in the form), and either the filters it means or what is wrong with it. */
type Consulta = { valores: Record<string, string> } & (
  | { pedido: Omit<AuditoriaRequest, 'cursor'> & { cursor: number | null }; errores?: undefined }
  | { pedido?: undefined; errores: { campos: Record<string, string>; otros: string[] } }
);

function consulta(req: Request): Consulta {
  const valores = Object.fromEntries(Object.entries(llenos(req.query)).map(([k, v]) => [k, v.trim()]));
  try {
    const { cursor, ...pedido } = parseRequest(auditoriaRequest, valores);
    return { valores, pedido: { ...pedido, cursor: cursor === undefined ? null : leerCursor(cursor) } };
  } catch (err) {
    if (!(err instanceof DteError) || err.code !== ErrorCode.VALIDATION_ERROR) throw err;
    const campos: Record<string, string> = {};
    const otros: string[] = [];
    for (const { field, message } of err.details.errors as { field: string; message: string }[])
      if (CAMPOS.includes(field)) campos[field] ??= MENSAJES[field] ?? message;
      else otros.push(`${field}: ${message}`);
    return { valores, errores: { campos, otros } };
  }
}

/**
 * The audit log of the session's emisor (AUDITORIA): the API's filters (`GET /auditoria`'s own schema) as a
 * form, a page of entries with a link to the next, and every matching entry as a CSV.
 */
export function auditoriaConsola(ctx: ApiContext): Router {
  const router = Router();
  const auditoria = new Auditoria(ctx.db.connection);

  /** The distinct actors of the newest entries, for the actor field's list. */
  async function actoresVistos(emisorId: number): Promise<Map<string, Actor>> {
    const { entradas } = await auditoria.pagina(emisorId, {}, null, ACTORES_VISTOS);
    return new Map(entradas.map((e) => [e.actorClave, e.actor]));
  }

  async function responder(req: Request, res: Response, c: Consulta, resultado: Html | null): Promise<void> {
    const cuerpo = html`${formulario(c, await actoresVistos(req.auth.emisorId))}${resultado ?? ''}`;
    res
      .status(c.errores ? 400 : 200)
      .send(pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Auditoría', seccion: 'auditoria', cuerpo }));
  }

  router.get('/auditoria', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'AUDITORIA');
    const c = consulta(req);
    if (!c.pedido) return responder(req, res, c, null);
    const { cursor, limit, ...filtros } = c.pedido;
    const { entradas, siguiente } = await auditoria.pagina(req.auth.emisorId, filtros, cursor, limit);
    const { cursor: _, ...sinCursor } = c.valores;
    const mas = siguiente === null ? null : new URLSearchParams({ ...sinCursor, cursor: escribirCursor(siguiente) });
    await responder(
      req,
      res,
      c,
      html`${tabla(entradas)}${
        mas &&
        html`<p><a class="boton secundario" href="/consola/auditoria?${mas.toString()}">Siguiente página →</a></p>`
      }`,
    );
  });

  router.get('/auditoria.csv', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'AUDITORIA');
    const c = consulta(req);
    if (!c.pedido) return responder(req, res, c, null);
    // Every matching entry: a page's cursor or size is no filter.
    const { cursor: _c, limit: _l, ...filtros } = c.pedido;
    const entradas: EntradaAuditoria[] = [];
    let desde: number | null = null;
    do {
      const parte = await auditoria.pagina(req.auth.emisorId, filtros, desde, MAX_CSV + 1 - entradas.length);
      entradas.push(...parte.entradas);
      desde = parte.siguiente;
    } while (desde !== null && entradas.length <= MAX_CSV);
    if (entradas.length > MAX_CSV)
      return responder(
        req,
        res,
        {
          valores: c.valores,
          errores: {
            campos: {},
            otros: [
              `Más de ${MAX_CSV.toLocaleString('es-SV')} entradas coinciden: acote las fechas (desde, hasta) o los demás filtros para exportarlas`,
            ],
          },
        },
        null,
      );
    const filas = [
      COLUMNAS.map(([nombre]) => nombre),
      ...entradas.map((e) => COLUMNAS.map(([, de]) => campoCsv(de(e)))),
    ];
    res
      .status(200)
      .type('text/csv; charset=utf-8')
      .setHeader('Content-Disposition', `attachment; filename="auditoria-${req.auth.emisorId}.csv"`)
      // The BOM: Excel reads a CSV without it in the system's code page, and mangles "Contraseña".
      .send(`\ufeff${filas.map((f) => f.join(',')).join('\r\n')}\r\n`);
  });
  return router;
}

function formulario(c: Consulta, actores: Map<string, Actor>): Html {
  const v = c.valores;
  const errores = c.errores?.campos ?? {};
  const invalido = (campo: string) =>
    errores[campo] ? html`aria-invalid="true" aria-describedby="error-${campo}"` : '';
  const error = (campo: string) =>
    errores[campo] && html`<span class="error-campo" id="error-${campo}">${errores[campo]}</span>`;
  const { cursor: _c, limit: _l, ...exportar } = v;
  const csv = new URLSearchParams(exportar).toString();
  return html`${
      c.errores &&
      html`<div class="aviso error" role="alert">
        <p><strong>Revise los filtros</strong></p>
        ${c.errores.otros.map((o) => html`<p>${o}</p>`)}
      </div>`
    }
    <form class="filtros" method="get" action="/consola/auditoria" novalidate>
      <label
        >Quién<input
          name="actor"
          list="actores-vistos"
          value="${v.actor}"
          placeholder="token:…, usuario:…, correo:…"
          size="28"
          ${invalido('actor')}
        />${error('actor')}</label
      >
      <datalist id="actores-vistos">
        ${[...actores].map(([clave, actor]) => {
          const q = quien(actor);
          return html`<option value="${clave}">${q.nombre} (${q.tipo})</option>`;
        })}
      </datalist>
      <label
        >Acción<select name="accion" ${invalido('accion')}>
          <option value="">Todas</option>
          ${ACCIONES_AUDITORIA.map(
            (a) => html`<option value="${a}" ${v.accion === a ? html` selected` : ''}>${ACCIONES[a]}</option>`,
          )}</select
        >${error('accion')}</label
      >
      <label
        >Código de generación<input
          name="codigoGeneracion"
          value="${v.codigoGeneracion}"
          placeholder="UUID"
          size="38"
          ${invalido('codigoGeneracion')}
        />${error('codigoGeneracion')}</label
      >
      <label>Desde<input type="date" name="desde" value="${v.desde}" ${invalido('desde')} />${error('desde')}</label>
      <label>Hasta<input type="date" name="hasta" value="${v.hasta}" ${invalido('hasta')} />${error('hasta')}</label>
      ${v.limit && html`<input type="hidden" name="limit" value="${v.limit}" />`}
      <button type="submit">Buscar</button>
      ${
        !c.errores &&
        html`<a class="boton secundario" href="/consola/auditoria.csv${csv ? `?${csv}` : ''}">Exportar CSV</a>`
      }
    </form>
    <p class="tenue">
      Fechas y horas de El Salvador. La exportación incluye todas las entradas que coinciden, hasta
      ${MAX_CSV.toLocaleString('es-SV')}.
    </p>`;
}

function tabla(entradas: EntradaAuditoria[]): Html {
  if (!entradas.length) return html`<p class="vacio">Ninguna entrada coincide con la búsqueda.</p>`;
  return html`<table>
    <thead>
      <tr>
        <th>Fecha</th>
        <th>Quién</th>
        <th>Acción</th>
        <th>Documento</th>
        <th>Endpoint</th>
        <th>Dirección</th>
        <th>Solicitud</th>
      </tr>
    </thead>
    <tbody>
      ${entradas.map((e) => {
        const q = quien(e.actor);
        const enlace = enlaceDocumento(e);
        const mas = detalles(e, true);
        const [dia, hora] = fechaHora(e.fecha).split(' ');
        return html`<tr>
          <td>${dia}<br /><span class="tenue">${hora}</span></td>
          <td>
            <a href="/consola/auditoria?${new URLSearchParams({ actor: e.actorClave }).toString()}">${q.nombre}</a>
            <span class="tenue">${q.tipo}</span>
          </td>
          <td>${ACCIONES[e.accion]}${mas && html`<div class="tenue">${mas}</div>`}</td>
          <td>
            ${
              enlace
                ? html`<a href="${enlace}" title="${e.codigoGeneracion}"
                    ><code>${e.codigoGeneracion!.slice(0, 8)}…</code></a
                  >`
                : ''
            }
          </td>
          <td><code>${e.endpoint ?? ''}</code></td>
          <td>${e.direccion ?? ''}</td>
          <td><code>${e.requestId ?? ''}</code></td>
        </tr>`;
      })}
    </tbody>
  </table>`;
}
