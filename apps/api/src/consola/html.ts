import { elSalvadorNow, LEER_COMPRAS } from '@dte/domain';
import { formulariosPermitidos } from './emitir-formularios';
import { html, type Html } from './plantilla';

// Pages are written with `plantilla`'s template; the pieces of a page (campos, formulario) import it from
// there, since this module's menu imports the issuing forms, which are made of those pieces.
export { Html, html } from './plantilla';

export interface Pagina {
  titulo: string;
  /** The section of the menu the page belongs to. */
  seccion?:
    | 'documentos'
    | 'emitir'
    | 'clientes'
    | 'productos'
    | 'compras'
    | 'certificacion'
    | 'operaciones'
    | 'tablero'
    | 'libros'
    | 'usuarios'
    | 'configuracion'
    | 'auditoria'
    | 'importaciones'
    | 'cuenta';
  /** Who signed in and in which emisor, for the header; absent on the sign-in pages. */
  sesion?: {
    /** The person's name, or the token's. */
    quien: string;
    emisor: string;
    csrf: string;
    /** The session's permissions: the menu offers what they allow. */
    permisos: readonly string[];
    /** A person (their own page, and a switch of emisor when they work in several), not a token. */
    persona: boolean;
    variosEmisores: boolean;
  };
  cuerpo: Html;
  /** Seconds after which the page reloads itself: a page that follows work in progress, without a script. */
  refrescar?: number;
}

/** The purchases page: its received documents with COMPRAS or COMPRAS_LECTURA, the book and annexes with LIBROS. */
const comprasPermitidas = (permisos: readonly string[]) =>
  permisos.filter((p) => p === 'LIBROS' || (LEER_COMPRAS as readonly string[]).includes(p));

/**
 * The menu: each section, and the permission without which it is not offered (null: every session; a
 * function: what of the section the session's permissions allow, offered when anything).
 */
const MENU = [
  ['documentos', '/consola/documentos', 'Documentos', null],
  ['emitir', '/consola/emitir', 'Emitir', formulariosPermitidos],
  ['clientes', '/consola/clientes', 'Clientes', 'CATALOGOS'],
  ['productos', '/consola/productos', 'Productos', 'CATALOGOS'],
  ['compras', '/consola/compras', 'Compras', comprasPermitidas],
  ['certificacion', '/consola/certificacion', 'Certificación', 'CERTIFICACION'],
  ['operaciones', '/consola/operaciones', 'Operaciones', null],
  ['tablero', '/consola/tablero', 'Tablero', 'LIBROS'],
  ['libros', '/consola/libros', 'Libros y anexos', 'LIBROS'],
  ['usuarios', '/consola/usuarios', 'Usuarios', 'USUARIOS'],
  ['configuracion', '/consola/configuracion', 'Configuración', 'USUARIOS'],
  ['auditoria', '/consola/auditoria', 'Auditoría', 'AUDITORIA'],
  ['importaciones', '/consola/importaciones', 'Importar', 'IMPORTACION'],
] as const;

/** A section is offered to every session, to one with its permission, or to one that may use it. */
const ofrecida = (
  permiso: string | null | ((permisos: readonly string[]) => readonly unknown[]),
  permisos: readonly string[],
) => !permiso || (typeof permiso === 'string' ? permisos.includes(permiso) : permiso(permisos).length > 0);

export function pagina({ titulo, seccion, sesion, cuerpo, refrescar }: Pagina): string {
  return documentoHtml({
    titulo,
    ventana: `${titulo} · Consola DTE`,
    encabezado: html`<header class="barra">
      <span class="marca">Consola DTE</span>
      ${
        sesion &&
        html`<nav>
            ${MENU.filter(([, , , permiso]) => ofrecida(permiso, sesion.permisos)).map(
              ([id, href, nombre]) =>
                html`<a href="${href}" ${id === seccion ? html` class="activo" aria-current="page"` : ''}
                  >${nombre}</a
                >`,
            )}
          </nav>
          <form class="salir" method="post" action="/consola/salir">
            <span
              >${sesion.variosEmisores ? html`<a href="/consola/emisor">${sesion.emisor}</a>` : sesion.emisor} ·
              ${sesion.persona ? html`<a href="/consola/cuenta">${sesion.quien}</a>` : sesion.quien}</span
            >
            <input type="hidden" name="csrf" value="${sesion.csrf}" />
            <button type="submit" class="secundario">Salir</button>
          </form>`
      }
    </header>`,
    cuerpo,
    refrescar,
  });
}

/**
 * A whole page around its content: Spanish, the console's one stylesheet, `encabezado` above the main part
 * titled `titulo`. The console's pages, and with `publica` the documents' public pages (share links), which
 * search engines are told not to index.
 */
export function documentoHtml({
  titulo,
  ventana,
  encabezado,
  cuerpo,
  publica = false,
  refrescar,
}: {
  titulo: string;
  /** The browser's title for it. */
  ventana: string;
  encabezado: Html | '';
  cuerpo: Html;
  publica?: boolean;
  /** Seconds after which the page reloads itself (`Pagina.refrescar`). */
  refrescar?: number;
}): string {
  return html`<!doctype html>
    <html lang="es">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${publica ? html`<meta name="robots" content="noindex, nofollow" />` : ''}
        <title>${ventana}</title>
        ${refrescar && html`<meta http-equiv="refresh" content="${refrescar}" />`}
        <link rel="stylesheet" href="/consola/estilos.css" />
      </head>
      <body ${publica ? html`class="publica"` : ''}>
        ${encabezado}
        <main>
          <h1>${titulo}</h1>
          ${cuerpo}
        </main>
      </body>
    </html> `.texto;
}

/** Dates as El Salvador reads them (its civil time): `2026-11-27 10:04:05`. */
export function fechaHora(fecha: Date | string | number | null | undefined): string {
  const instante = fecha === null || fecha === undefined ? null : new Date(fecha);
  if (!instante || Number.isNaN(instante.getTime())) return '';
  const { fecEmi, horEmi } = elSalvadorNow(instante);
  return `${fecEmi} ${horEmi}`;
}

/** How long ago, in words: `3 min`, `2 h 5 min`, `4 d 1 h`. */
export function duracion(ms: number): string {
  // A document on its way to MH waits seconds: they are what the operator watches then.
  if (ms < 60_000) return `${Math.max(0, Math.floor(ms / 1000))} s`;
  const min = Math.floor(ms / 60_000);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h ${min % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** One place for the console's words for the API's estados. */
const ESTADOS: Record<string, string> = {
  PENDIENTE: 'Pendiente de MH',
  PROCESSED: 'Aceptado',
  REJECTED: 'Rechazado',
  CONTINGENCIA: 'En contingencia',
  CANCELLED: 'Anulado',
};

/** A document's estado as a person reads it (the API's codes stay the API's). */
export const estadoTexto = (estado: string): string => ESTADOS[estado] ?? estado;

export const estadoEtiqueta = (estado: string) =>
  html`<span class="estado estado-${estado.toLowerCase()}">${estadoTexto(estado)}</span>`;

/** A link to a workflow in Temporal's Web UI (TEMPORAL_UI_URL), or its id alone when none is configured. */
export function enlaceWorkflow(ui: string | undefined, namespace: string, workflowId: string): Html {
  if (!ui) return html`<code>${workflowId}</code>`;
  const href = `${ui.replace(/\/$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;
  return html`<a href="${href}" rel="noopener noreferrer" target="_blank"><code>${workflowId}</code></a>`;
}
