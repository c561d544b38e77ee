import { Router, type Request } from 'express';
import { catalogValue, confirmarCompraRequest, DteError, ErrorCode, type MotivoCompra } from '@dte/domain';
import { Compras, compraView, type CompraView } from '@dte/store';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { confirmarCompra } from '../routes/compras';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

const ESTADOS: Record<string, [etiqueta: string, tono: string]> = {
  PENDIENTE_MH: ['Esperando a MH', 'pendiente'],
  VERIFICADO: ['Verificado', 'processed'],
  POR_CONFIRMAR: ['Por confirmar', 'pendiente'],
  CONFIRMADO: ['Confirmado', 'processed'],
  INVALIDADO_EN_MH: ['Invalidado en MH', 'rejected'],
  NO_ENCONTRADO: ['No está en MH', 'rejected'],
  NO_ES_PARA_ESTE_EMISOR: ['No es para este emisor', 'rejected'],
  INCONSISTENTE: ['Inconsistente', 'rejected'],
};
const estadoCompra = (estado: string) => {
  const [etiqueta, tono] = ESTADOS[estado] ?? [estado, ''];
  return html`<span class="estado estado-${tono}">${etiqueta}</span>`;
};

/** What MH's consultadte confirmed (`CONFIRMADO_POR_MH`), in words. */
const HECHOS_MH: Record<string, string> = {
  codigoGeneracion: 'el código de generación',
  selloRecibido: 'el sello de recepción',
  emisor: 'el proveedor que lo emitió',
  receptor: 'que el receptor es este emisor',
  ambiente: 'el ambiente',
  vigente: 'que no está invalidado',
};

const nombreTipo = (tipo: string) => catalogValue('CAT-002', tipo) ?? tipo;

/** The comparison form as the person left it: their choice, their note, and each field's error. */
interface Formulario {
  coincide?: boolean;
  nota?: string;
  errores?: Record<string, string>;
}

/** The person's choice as the form sends it: `si`, `no`, or nothing chosen. */
function coincideDe(valor: unknown): boolean | undefined {
  return valor === 'si' ? true : valor === 'no' ? false : undefined;
}

/**
 * The received documents that wait for a person (POR_CONFIRMAR) and a document's page, where a person with
 * COMPRAS_CONFIRMAR compares it with MH's consulta pública and records whether it matches: in two steps,
 * the second a confirmation, since a confirmed document counts in the libro de compras. The decision runs
 * the API's own code (`confirmarCompra`).
 */
export function comprasConsola(ctx: ApiContext): Router {
  const router = Router();
  const compras = new Compras(ctx.db, ctx.store, ctx.tenants);

  async function propia(req: Request): Promise<CompraView> {
    requirePermission(req.auth, 'COMPRAS');
    const codigoGeneracion = String(req.params.codigoGeneracion).trim().toUpperCase();
    const compra = await compras.leer(req.auth.emisorId, codigoGeneracion);
    if (!compra)
      throw new DteError(ErrorCode.COMPRA_NOT_FOUND, 404, `No se recibió el documento ${codigoGeneracion}`, {
        codigoGeneracion,
      });
    return compraView(compra, true);
  }

  router.get('/compras', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'COMPRAS');
    const { compras: lista } = await compras.pagina(req.auth.emisorId, { estado: 'POR_CONFIRMAR' }, null, 100);
    const cuerpo = html`<p class="tenue">
        MH confirma el código de generación, el sello, el proveedor y el receptor de cada documento recibido, pero no
        sus montos. Estos documentos esperan que una persona los compare con la consulta pública de MH antes de contar
        en el libro de compras.
      </p>
      ${
        lista.length
          ? html`<table>
              <thead>
                <tr>
                  <th>Número de control</th>
                  <th>Tipo</th>
                  <th>Fecha</th>
                  <th>Proveedor</th>
                  <th class="num">Monto</th>
                  <th>Por qué espera</th>
                </tr>
              </thead>
              <tbody>
                ${lista.map((c) => {
                  const v = compraView(c);
                  return html`<tr>
                    <td>
                      <a href="/consola/compras/${v.codigoGeneracion}">${v.numeroControl ?? v.codigoGeneracion}</a>
                    </td>
                    <td>${nombreTipo(v.tipoDte)}</td>
                    <td>${v.fecEmi}</td>
                    <td>${v.proveedor.nombre ?? ''} <span class="tenue">${v.proveedor.nit ?? ''}</span></td>
                    <td class="num">$${v.verificacion?.monto ?? ''}</td>
                    <td>${v.motivos.map((m) => m.codigo).join(', ')}</td>
                  </tr>`;
                })}
              </tbody>
            </table>`
          : html`<p class="vacio">Ningún documento recibido espera confirmación.</p>`
      }`;
    res.send(
      pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Compras por confirmar', seccion: 'compras', cuerpo }),
    );
  });

  /** The document's page, with the comparison form (its values and errors kept when it is shown again). */
  async function ficha(req: Request, formulario: Formulario = {}) {
    const v = await propia(req);
    const hecho = req.query.hecho === 'confirmado' ? html`<p class="aviso ok">Decisión registrada</p>` : '';
    const cuerpo = html`${hecho}
      <dl class="ficha">
        <div>
          <dt>Estado</dt>
          <dd>${estadoCompra(v.estado)}</dd>
        </div>
        <div>
          <dt>Tipo</dt>
          <dd>${nombreTipo(v.tipoDte)}</dd>
        </div>
        <div>
          <dt>Proveedor</dt>
          <dd>${v.proveedor.nombre ?? '—'} <span class="tenue">NIT ${v.proveedor.nit ?? '—'}</span></dd>
        </div>
        <div>
          <dt>Fecha de emisión</dt>
          <dd>${v.fecEmi}</dd>
        </div>
        <div>
          <dt>Código de generación</dt>
          <dd><code>${v.codigoGeneracion}</code></dd>
        </div>
        <div>
          <dt>Sello de recepción</dt>
          <dd><code>${v.selloMh ?? v.selloRecibido ?? '—'}</code></dd>
        </div>
        <div>
          <dt>Monto del documento</dt>
          <dd>$${v.verificacion?.monto ?? '—'}</dd>
        </div>
        <div>
          <dt>Recibido</dt>
          <dd>${fechaHora(v.recibidoEn)} · ${v.origen === 'CORREO' ? 'por correo' : 'por la API'}</dd>
        </div>
      </dl>
      <div class="columnas">
        <section>
          <h2>Qué está probado</h2>
          ${pruebas(v)}
        </section>
        <section>
          <h2>Comparar con MH</h2>
          ${comparacion(req, v, formulario)}
        </section>
      </div>`;
    return pagina({
      ...(await datosDePagina(ctx, req)),
      titulo: v.numeroControl ?? v.codigoGeneracion,
      seccion: 'compras',
      cuerpo,
    });
  }

  router.get('/compras/:codigoGeneracion', authenticate(ctx), async (req, res) => {
    res.send(await ficha(req));
  });

  /**
   * The comparison, in two steps: the person's choice is checked and shown back for a confirmation
   * (`paso` absent), then recorded (`paso=registrar`). A choice missing is shown beside its field, with what
   * was typed kept.
   */
  router.post('/compras/:codigoGeneracion/confirmacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'COMPRAS_CONFIRMAR');
    const f = req.body as Record<string, unknown>;
    const coincide = coincideDe(f.coincide);
    const nota = typeof f.nota === 'string' ? f.nota : '';
    const leida = confirmarCompraRequest.safeParse({ coincide, nota: nota || undefined });
    if (!leida.success) {
      const errores = Object.fromEntries(
        leida.error.issues.map((i) => [
          String(i.path[0]),
          i.path[0] === 'coincide' ? 'Elija si el documento coincide o no con la consulta pública de MH' : i.message,
        ]),
      );
      res.status(400).send(await ficha(req, { coincide, nota, errores }));
      return;
    }
    const v = await propia(req);
    if (f.paso !== 'registrar') {
      res.send(
        pagina({
          ...(await datosDePagina(ctx, req)),
          titulo: '¿Registrar la decisión?',
          seccion: 'compras',
          cuerpo: html`<div class="aviso alerta">
              <p>
                <strong>${v.numeroControl ?? v.codigoGeneracion}</strong> de ${v.proveedor.nombre ?? v.proveedor.nit},
                por $${v.verificacion?.monto ?? ''}:
                ${
                  leida.data.coincide
                    ? 'usted indica que coincide con la consulta pública de MH. Pasará a Confirmado y contará en el libro de compras y los anexos.'
                    : 'usted indica que no coincide con la consulta pública de MH. Pasará a Inconsistente y no contará.'
                }
              </p>
              ${nota && html`<p>Nota: ${nota}</p>`}
              <p>La decisión queda registrada con su nombre y no se puede cambiar desde la consola.</p>
            </div>
            <form method="post" action="/consola/compras/${v.codigoGeneracion}/confirmacion" class="accion">
              <input type="hidden" name="coincide" value="${leida.data.coincide ? 'si' : 'no'}" />
              <input type="hidden" name="nota" value="${nota}" />
              <input type="hidden" name="paso" value="registrar" />
              <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
              <button type="submit" class="${leida.data.coincide ? '' : 'peligro'}">Sí, registrar</button>
              <a class="boton secundario" href="/consola/compras/${v.codigoGeneracion}">Volver sin registrar</a>
            </form>`,
        }),
      );
      return;
    }
    await confirmarCompra(ctx, req, v.codigoGeneracion, leida.data);
    res.redirect(303, `/consola/compras/${v.codigoGeneracion}?hecho=confirmado`);
  });

  return router;
}

/** What MH confirmed, what backs the amounts, and why the document waits or what decided it. */
function pruebas(v: CompraView): Html {
  const verificacion = v.verificacion;
  const confirmadoPorMh = verificacion?.confirmadoPorMh ?? [];
  return html`<ul>
      <li>
        MH confirmó:
        ${confirmadoPorMh.length ? confirmadoPorMh.map((h) => HECHOS_MH[h] ?? h).join(', ') : 'nada todavía'}.
      </li>
      <li>
        ${
          verificacion?.contenido === 'FIRMA_DEL_PROVEEDOR'
            ? 'Las líneas y los montos son los que el proveedor firmó (MH no los informa en su consulta).'
            : 'El archivo no trae la firma del proveedor: nada respalda sus líneas y montos.'
        }
      </li>
      ${
        v.confirmacion &&
        html`<li>
          ${v.confirmacion.por.nombre} lo comparó con la consulta pública de MH el ${fechaHora(v.confirmacion.en)}:
          ${v.confirmacion.coincide ? 'coincide' : 'no coincide'}${v.confirmacion.nota ? `. ${v.confirmacion.nota}` : ''}
        </li>`
      }
    </ul>
    ${
      v.motivos.length
        ? html`<h3>${TITULO_MOTIVOS[v.estado] ?? 'Motivos'}</h3>
            ${motivos(v.motivos)}`
        : ''
    }`;
}

const TITULO_MOTIVOS: Record<string, string> = { POR_CONFIRMAR: 'Por qué espera', CONFIRMADO: 'Por qué esperó' };

const motivos = (lista: MotivoCompra[]) =>
  html`<ul>
    ${lista.map((m) => html`<li><code>${m.codigo}</code> ${m.mensaje}</li>`)}
  </ul>`;

/** The link to MH's consulta pública, and the form when the document waits and the person may decide. */
function comparacion(req: Request, v: CompraView, formulario: Formulario): Html {
  const enlace = v.verificacion
    ? html`<p>
          <a class="boton secundario" href="${v.verificacion.consultaPublica}" target="_blank" rel="noopener noreferrer"
            >Abrir la consulta pública de MH</a
          >
        </p>
        <p class="tenue">Compare el proveedor, la fecha, las líneas y los montos con los que muestra MH.</p>`
    : '';
  if (v.estado !== 'POR_CONFIRMAR')
    return html`${enlace}
      <p class="vacio">Este documento no espera confirmación.</p>`;
  if (!req.auth.permissions.includes('COMPRAS_CONFIRMAR'))
    return html`${enlace}
      <p class="vacio">Confirmarlo requiere el permiso COMPRAS_CONFIRMAR.</p>`;
  const marcado = (valor: boolean) => (formulario.coincide === valor ? html` checked` : '');
  const errores = formulario.errores ?? {};
  const errorDe = (campo: string) =>
    errores[campo] && html`<p class="error-campo" id="error-${campo}" role="alert">${errores[campo]}</p>`;
  return html`${enlace}
    <form method="post" action="/consola/compras/${v.codigoGeneracion}/confirmacion" class="accion" novalidate>
      <fieldset ${errores.coincide ? html`aria-describedby="error-coincide"` : ''}>
        <legend>¿Coincide con la consulta pública de MH?</legend>
        <label class="opcion"><input type="radio" name="coincide" value="si" ${marcado(true)} /> Sí, coincide</label>
        <label class="opcion"><input type="radio" name="coincide" value="no" ${marcado(false)} /> No coincide</label>
        ${errorDe('coincide')}
      </fieldset>
      <label>Nota (opcional)<textarea name="nota" rows="3" maxlength="500">${formulario.nota ?? ''}</textarea></label>
      ${errorDe('nota')}
      <input type="hidden" name="csrf" value="${req.sesionConsola!.csrf}" />
      <button type="submit">Revisar la decisión</button>
    </form>`;
}
