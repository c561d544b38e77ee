import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { catalogValue, consultaPublicaUrl } from '@dte/domain';
import { archivoDte, EnlacesDocumentos, tipoDeLogo, type EmisorRecord, type EnlaceVigente } from '@dte/store';
import type { ApiContext } from '../context';
import { documentoHtml, estadoEtiqueta, fechaHora } from '../consola/html';
import { html, type Html } from '../consola/plantilla';
import { pdfListo } from '../routes/pdf';
import { nombreDelEmisor } from '../routes/enlace';

/**
 * As the console's pages (consola/index.ts): only the API's own stylesheet and images, no script at all, no
 * other site, never framed. The PDF and the JSON are files, never HTML (helmet's nosniff keeps them so).
 * No referrer: the token in the page's address must not leave with a click on "Verificar en Hacienda".
 */
const CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

const cabeceras: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  next();
};

/** The link of the request's token, or null: unknown, expired and revoked alike. */
declare module 'express-serve-static-core' {
  interface Request {
    enlaceDocumento?: EnlaceVigente;
  }
}

/**
 * The documents' public pages (issue 53), outside the API's token authentication: `GET /d/:token` the page of
 * the one document a share link leads to, `/d/:token/pdf` its PDF, `/d/:token/json` its Archivo DTE,
 * `/d/:token/logo` its emisor's logo. Nothing else of the emisor is reachable from them. An unknown, expired
 * or revoked token, and any other path under `/d`, get the same 404 page: nothing tells them apart but the
 * time of a database read or two. Each address may make ENLACE_PEDIDOS_POR_MINUTO requests a minute on one
 * API process (express-rate-limit in memory, as the tokens' limit), enough for a receptor, too few to try
 * tokens: 32 random bytes are not guessed anyway, the limit keeps the attempts from costing the database.
 */
export function documentoPublicoRoutes(ctx: ApiContext): Router {
  const router = Router();
  const enlaces = new EnlacesDocumentos(ctx.db.connection);
  const limite = rateLimit({
    windowMs: 60_000,
    limit: ctx.config.ENLACE_PEDIDOS_POR_MINUTO,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res
        .status(429)
        .type('html')
        .send(
          pagina(
            'Demasiadas solicitudes',
            html`<p>Se hicieron demasiadas solicitudes desde su conexión. Espere un minuto y vuelva a intentarlo.</p>`,
          ),
        );
    },
  });

  const abrir = async (req: Request, res: Response, next: NextFunction) => {
    const enlace = await enlaces.abrir(String(req.params.token));
    if (!enlace) return noEncontrado(res);
    req.enlaceDocumento = enlace;
    next();
  };
  /** The link's document, which `abrir` found: null only if it was deleted since. */
  const documento = (req: Request, campos: readonly string[]) =>
    ctx.documents.findOwn(req.enlaceDocumento!.emisorId, req.enlaceDocumento!.codigoGeneracion, campos);

  router.use('/d', cabeceras, limite);

  router.get('/d/:token', abrir, async (req, res) => {
    const enlace = req.enlaceDocumento!;
    const [doc, emisor] = await Promise.all([
      documento(req, [
        'codigoGeneracion',
        'tipoDte',
        'numeroControl',
        'estado',
        'ambiente',
        'fecEmi',
        'total',
        'selloRecibido',
        'dteJson',
        'dtePdfUrl',
        'dteJsonUrl',
      ]),
      ctx.tenants.emisor(enlace.emisorId),
    ]);
    if (!doc) return noEncontrado(res);
    await enlaces.contarAcceso(enlace);
    const base = `/d/${encodeURIComponent(String(req.params.token))}`;
    const nombre = nombreDelEmisor(emisor);
    const tipo = catalogValue('CAT-002', doc.tipoDte) ?? `DTE ${doc.tipoDte}`;
    const identificacion = (doc.dteJson as { identificacion?: { ambiente?: string } }).identificacion;
    const verificar = consultaPublicaUrl({
      ambiente: identificacion?.ambiente ?? '',
      codigoGeneracion: doc.codigoGeneracion,
      fecEmi: doc.fecEmi,
    });
    const dato = (titulo: string, valor: Html | string) =>
      html`<div>
        <dt>${titulo}</dt>
        <dd>${valor}</dd>
      </div>`;
    const cuerpo = html`${
        doc.estado === 'CANCELLED'
          ? html`<div class="aviso error" role="alert">
              <p><strong>Documento invalidado</strong></p>
              <p>Este documento fue invalidado ante el Ministerio de Hacienda y ya no tiene validez tributaria.</p>
            </div>`
          : ''
      }
      <dl class="ficha">
        ${dato('Tipo de documento', tipo)} ${dato('Estado', estadoEtiqueta(doc.estado))}
        ${dato('Número de control', html`<code>${doc.numeroControl}</code>`)}
        ${dato('Código de generación', html`<code>${doc.codigoGeneracion}</code>`)}
        ${dato('Fecha de emisión', doc.fecEmi)} ${dato('Total', `$${doc.total}`)}
        ${dato('Sello de recepción', html`<code>${doc.selloRecibido ?? '—'}</code>`)}
        ${dato('Enlace válido hasta', fechaHora(enlace.expira))}
      </dl>
      <p class="botones">
        ${doc.dtePdfUrl ? html`<a class="boton" href="${base}/pdf">Descargar PDF</a>` : ''}
        ${doc.dteJsonUrl ? html`<a class="boton secundario" href="${base}/json">Descargar Archivo DTE (JSON)</a>` : ''}
        <a class="boton secundario" href="${verificar}" rel="noopener noreferrer">Verificar en Hacienda</a>
      </p>`;
    const logo = logoDelEmisor(emisor) ? html`<img src="${base}/logo" alt="Logo de ${nombre}" />` : '';
    res.type('html').send(pagina(`${tipo} ${doc.numeroControl}`, cuerpo, html`${logo}<span>${nombre}</span>`));
  });

  router.get('/d/:token/pdf', abrir, async (req, res) => {
    const doc = await documento(req, ['codigoGeneracion', 'dtePdfUrl', 'estado', 'pointOfSaleId']);
    if (!doc?.dtePdfUrl) return noEncontrado(res);
    // Letter: the page is read on a phone or a desk, not printed on a shop's receipt printer.
    const { key, filename } = await pdfListo(ctx, req.enlaceDocumento!.emisorId, doc, 'carta');
    const pdf = await ctx.store.get(key);
    if (!pdf) throw new Error(`PDF ${key} missing after rendering`);
    res.type('application/pdf').setHeader('Content-Disposition', `inline; filename="${filename}"`).send(pdf);
  });

  router.get('/d/:token/json', abrir, async (req, res) => {
    const doc = await documento(req, ['codigoGeneracion', 'dteJson', 'dteFirmado', 'selloRecibido', 'dteJsonUrl']);
    if (!doc?.dteJsonUrl) return noEncontrado(res);
    res
      .type('application/json')
      .setHeader('Content-Disposition', `attachment; filename="${doc.codigoGeneracion}.json"`)
      .send(archivoDte(doc));
  });

  router.get('/d/:token/logo', abrir, async (req, res) => {
    const key = logoDelEmisor(await ctx.tenants.emisor(req.enlaceDocumento!.emisorId));
    const logo = key && (await ctx.store.get(key).catch(() => null));
    if (!key || !logo) return noEncontrado(res);
    res.type(tipoDeLogo(key) ?? 'application/octet-stream').send(logo);
  });

  router.use('/d', (_req, res) => noEncontrado(res));
  return router;
}

/**
 * The object-storage key of the emisor's logo (admin CLI `emisor branding --logo`), or null. The one place
 * the public page asks for it: a logo kept elsewhere later changes only this.
 */
export function logoDelEmisor(emisor: Pick<EmisorRecord, 'branding'> | null | undefined): string | null {
  return emisor?.branding?.logoKey ?? null;
}

/** The one answer for every token that opens nothing. */
function noEncontrado(res: Response): void {
  res
    .status(404)
    .type('html')
    .send(
      pagina(
        'Documento no disponible',
        html`<p>
          El enlace no es válido o ya no está disponible. Si necesita el documento, pídalo a quien se lo envió.
        </p>`,
      ),
    );
}

/** A public page: the console's stylesheet, none of its menu; `cabecera`, the emisor's name and logo. */
function pagina(titulo: string, cuerpo: Html, cabecera?: Html): string {
  return documentoHtml({
    titulo,
    ventana: titulo,
    encabezado: cabecera ? html`<header class="emisor"><div>${cabecera}</div></header>` : '',
    cuerpo,
    publica: true,
  });
}
