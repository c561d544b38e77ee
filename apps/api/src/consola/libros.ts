import { Router } from 'express';
import { ANEXOS_F07, elSalvadorNow, LIBROS, TIPOS_INGRESO } from '@dte/domain';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';
import { html, pagina } from './html';
import { datosDePagina } from './pagina';

const NOMBRES_LIBROS: Record<string, string> = {
  'ventas-contribuyentes': 'Libro de ventas a contribuyentes',
  'ventas-consumidor': 'Libro de ventas a consumidor final',
  'debito-fiscal': 'Débito fiscal del mes',
  compras: 'Libro de compras',
};
const NOMBRES_ANEXOS: Record<string, string> = {
  'ventas-contribuyentes': 'Anexo 1 · Ventas a contribuyentes',
  'ventas-consumidor-final': 'Anexo 2 · Ventas a consumidor final',
  'documentos-anulados': 'Documentos anulados y extraviados',
  retenciones: 'Retenciones de IVA efectuadas',
  'retenciones-13': 'Retención de IVA 13 %',
};
/** The annexes whose rows carry the emisor's tipo de ingreso (Renta): the form asks for it (docs/anexos-f07.md). */
const CON_TIPO_INGRESO = new Set<string>(['ventas-contribuyentes', 'ventas-consumidor-final']);

/** The previous month (YYYY-MM, El Salvador): the one an accountant declares. */
function mesAnterior(): string {
  const [y, m] = elSalvadorNow().fecEmi.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The accountant's month: each book and F-07 annex as a form that downloads it through the API's own
 * routes (`/consola/api/libros/…`, `/consola/api/anexos/f07/…`, permission LIBROS), the annexes' required
 * choices asked in the form rather than refused after.
 */
export function librosConsola(ctx: ApiContext): Router {
  const router = Router();
  router.get('/libros', authenticate(ctx), async (req, res) => {
    const periodo = mesAnterior();
    const permitido = req.auth.permissions.includes('LIBROS');
    const mes = html`<label>Mes<input type="month" name="periodo" value="${periodo}" required /></label>
      <label
        >Establecimiento (opcional)<input name="establecimiento" size="6" maxlength="4" placeholder="M001"
      /></label>`;
    const cuerpo = permitido
      ? html` <section>
            <h2>Libros de IVA</h2>
            ${Object.entries(LIBROS).map(
              ([nombre, { tabla }]) =>
                html`<form class="descarga" method="get" action="/consola/api/libros/${nombre}">
                  <h3>${NOMBRES_LIBROS[nombre] ?? nombre}</h3>
                  ${mes}
                  <label
                    >Formato<select name="formato">
                      ${
                        tabla
                          ? html`<option value="xlsx">Hoja de cálculo</option>
                              <option value="pdf">PDF</option>`
                          : ''
                      }
                      <option value="json">JSON</option>
                    </select></label
                  >
                  <button type="submit">Descargar</button>
                </form>`,
            )}
          </section>
          <section>
            <h2>Anexos del F-07 (DGII)</h2>
            ${ANEXOS_F07.map(
              (anexo) =>
                html`<form class="descarga" method="get" action="/consola/api/anexos/f07/${anexo}">
                  <h3>${NOMBRES_ANEXOS[anexo] ?? anexo}</h3>
                  ${mes}
                  ${
                    CON_TIPO_INGRESO.has(anexo) &&
                    html`<label
                      >Tipo de ingreso (Renta)<select name="tipoIngreso" required>
                        <option value="">Elija el de su negocio</option>
                        ${Object.entries(TIPOS_INGRESO).map(
                          ([codigo, nombre]) => html`<option value="${codigo}">${codigo} ${nombre}</option>`,
                        )}
                      </select></label
                    >`
                  }
                  <label
                    >Formato<select name="formato">
                      <option value="csv">CSV para el portal de la DGII</option>
                      <option value="json">JSON</option>
                    </select></label
                  >
                  <button type="submit">Descargar</button>
                </form>`,
            )}
            <p class="tenue">
              El tipo de ingreso es el del negocio del emisor, según el manual de anexos F-07 de la DGII; desde los
              periodos de 2025 los anexos 1 y 2 lo llevan.
            </p>
          </section>`
      : html`<p class="vacio">Descargar libros y anexos requiere el permiso LIBROS.</p>`;
    res.send(
      pagina({ ...(await datosDePagina(ctx, req)), titulo: 'Libros y anexos del mes', seccion: 'libros', cuerpo }),
    );
  });
  return router;
}
