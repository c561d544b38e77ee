import { Router, type Request } from 'express';
import {
  bajoCuotas,
  catalogValue,
  CUOTAS_CERTIFICACION,
  documentKind,
  DteError,
  explicacionDeRechazo,
  ErrorCode,
  EVENTOS_CERTIFICACION,
  MAXIMO_EVENTOS_CERTIFICACION,
  MAXIMO_POR_TIPO_CERTIFICACION,
  parsePlan,
  planPorDefecto,
  RITMO_MAXIMO_CERTIFICACION,
  TIPOS_CERTIFICABLES,
  type BajoCuota,
  type PlanCertificacion,
  type TipoCertificable,
} from '@dte/domain';
import { RITMO_CERTIFICACION, type AvanceCertificacion, type CertificacionEstado } from '@dte/contract';
import { tiposAutorizados } from '@dte/store';
import { estadoCampana } from '../certificacion/campana';
import type { ApiContext } from '../context';
import { authenticate, requirePermission } from '../http/auth';
import { iniciarCertificacion, senalarCertificacion } from '../routes/certificacion';
import { campoCsrf, texto, type Errores } from './formulario';
import { fechaHora, html, pagina, type Html } from './html';
import { datosDePagina } from './pagina';

const ESTADOS: Record<string, [etiqueta: string, tono: string]> = {
  EN_CURSO: ['En curso', 'pendiente'],
  PAUSADA: ['En pausa', 'pendiente'],
  COMPLETA: ['Completa', 'processed'],
  CANCELADA: ['Cancelada', 'cancelled'],
};

/** The plan's events beside its kinds: their key in a plan (`invalidacion=5`), their name, MH's quota. */
const EVENTOS = [
  ['invalidacion', 'invalidaciones', 'Invalidaciones', EVENTOS_CERTIFICACION.invalidaciones],
  ['contingencia', 'contingencias', 'Eventos de contingencia', EVENTOS_CERTIFICACION.contingencias],
] as const;

const tipoDte = (tipo: TipoCertificable) => documentKind(tipo).tipoDte;
const nombreTipo = (tipo: TipoCertificable) => `${catalogValue('CAT-002', tipoDte(tipo)) ?? tipo} (${tipoDte(tipo)})`;
/** A plan's key (`01`, `invalidacion`) in words. */
const nombreClave = (clave: string) =>
  EVENTOS.find(([k]) => k === clave)?.[2] ??
  nombreTipo(TIPOS_CERTIFICABLES.find((t) => tipoDte(t) === clave) ?? (clave as TipoCertificable));

/** What GET /certificacion answers: the workflow's count, or its record once Temporal forgot it. */
type Campana = Partial<CertificacionEstado> & { iniciadaEn?: Date | string };

/** The campaign's state, or null when the emisor has none. */
async function campanaDe(ctx: ApiContext, emisorId: number): Promise<Campana | null> {
  try {
    return (await estadoCampana(ctx, emisorId)) as Campana;
  } catch (err) {
    if (err instanceof DteError && err.code === ErrorCode.CERTIFICATION_NOT_FOUND) return null;
    throw err;
  }
}

/** The plan a running or finished campaign follows, as its count says. */
function planDe(estado: Partial<CertificacionEstado>): PlanCertificacion {
  const documentos = Object.fromEntries(
    Object.entries(estado.documentos ?? {}).map(([tipo, avance]) => [tipo, avance!.planificados]),
  );
  return {
    documentos,
    invalidaciones: estado.invalidaciones?.planificados ?? 0,
    contingencias: estado.contingencias?.planificados ?? 0,
  };
}

/** What the plan lacks of MH's quotas, and what that means when the emisor goes to production. */
function avisoCuotas(faltan: BajoCuota[], sujeto: 'Este plan' | 'Esta campaña'): Html {
  if (!faltan.length)
    return html`<p class="aviso ok">El plan cumple las cuotas mínimas de MH para los tipos que incluye.</p>`;
  return html`<div class="aviso alerta" role="note">
    <p>
      <strong>${sujeto} queda por debajo de las cuotas mínimas de MH:</strong>
      ${faltan.map((f) => `${nombreClave(f.clave)}: ${f.planificados} de ${f.cuota}`).join('; ')}.
    </p>
    <p>
      Con ella, el paso del emisor a producción (<code>emisor produccion</code>) se rechaza, salvo que el operador lo
      fuerce indicando el motivo, que queda en la auditoría.
    </p>
  </div>`;
}

/** A bar per kind and event of the campaign, each with its count in words. */
function avance(estado: Partial<CertificacionEstado>): Html {
  const filas: [string, string, AvanceCertificacion][] = [
    ...TIPOS_CERTIFICABLES.filter((t) => estado.documentos?.[t]?.planificados).map(
      (t) => [tipoDte(t), nombreTipo(t), estado.documentos![t]!] as [string, string, AvanceCertificacion],
    ),
    ...EVENTOS.filter(([, campo]) => estado[campo]?.planificados).map(
      ([clave, campo, nombre]) => [clave, nombre, estado[campo]!] as [string, string, AvanceCertificacion],
    ),
  ];
  if (!filas.length) return html`<p class="vacio">La campaña aún no informa su avance.</p>`;
  return html`<ul class="avance">
    ${filas.map(
      ([clave, nombre, a]) =>
        html`<li>
          <span id="avance-${clave}">${nombre}</span>
          <progress
            max="${a.planificados}"
            value="${Math.min(a.aceptados, a.planificados)}"
            aria-labelledby="avance-${clave}"
          >
            ${a.aceptados} de ${a.planificados}
          </progress>
          <span class="tenue"
            >${a.aceptados} de ${a.planificados}
            aceptados${a.rechazados ? ` · ${a.rechazados} rechazados` : ''}${a.enCurso ? ' · 1 enviándose' : ''}</span
          >
        </li>`,
    )}
  </ul>`;
}

/** The plan's fields as the person left them: each kind's and event's count, and the pace. */
type Valores = Record<string, string>;

/**
 * The certification campaign (issue 35) for a person with CERTIFICACION: its state with a bar per kind,
 * MH's last rejection and the commands it takes (pause, resume, cancel after a confirmation), its informe; with no
 * campaign (or a cancelled one), the plan's form with MH's quotas beside each count, checked and shown back
 * with a warning when below them before it starts. Every action runs the API's own code
 * (`iniciarCertificacion`, `senalarCertificacion`), so the console refuses what the API refuses.
 */
export function certificacionConsola(ctx: ApiContext): Router {
  const router = Router();

  /** The kinds the session's token may issue that MH certifies, and its default plan. */
  const autorizados = (req: Request) => tiposAutorizados(req.auth.permissions);

  function formularioPlan(req: Request, valores: Valores, errores: Errores): Html {
    const defecto = planPorDefecto(autorizados(req));
    const tipos = TIPOS_CERTIFICABLES.filter((t) => autorizados(req).includes(t));
    /** A count's field; in the plan's table its row names it, so its label is for screen readers. */
    const numero = (nombre: string, etiqueta: string, maximo: number, porDefecto: number, oculta = true) => {
      const error = errores[nombre];
      return html`<label
        >${oculta ? html`<span class="oculto">${etiqueta}</span>` : etiqueta}<input
          type="number"
          name="${nombre}"
          min="0"
          max="${maximo}"
          step="1"
          inputmode="numeric"
          value="${valores[nombre] ?? String(porDefecto)}"
          ${error ? html`aria-invalid="true" aria-describedby="error-${nombre}"` : ''}
        />${error && html`<span class="error-campo" id="error-${nombre}">${error}</span>`}</label
      >`;
    };
    return html`<form method="post" action="/consola/certificacion" class="plan" novalidate>
      <p class="tenue">
        La campaña emite en el ambiente de pruebas de MH los documentos y eventos del plan. Las cuotas son las mínimas
        que MH exige (Manual Funcional v1.2, §X); un tipo en 0 no se emite.
      </p>
      <table>
        <thead>
          <tr>
            <th>Tipo</th>
            <th>Cantidad</th>
            <th class="num">Cuota de MH</th>
          </tr>
        </thead>
        <tbody>
          ${tipos.map(
            (t) =>
              html`<tr>
                <td>${nombreTipo(t)}</td>
                <td>
                  ${numero(
                    `n-${tipoDte(t)}`,
                    `Cantidad de ${nombreTipo(t)}`,
                    MAXIMO_POR_TIPO_CERTIFICACION,
                    defecto.documentos[t] ?? 0,
                  )}
                </td>
                <td class="num">${CUOTAS_CERTIFICACION[t]}</td>
              </tr>`,
          )}
          ${EVENTOS.map(
            ([clave, campo, nombre, cuota]) =>
              html`<tr>
                <td>${nombre}</td>
                <td>
                  ${numero(`n-${clave}`, `Cantidad de ${nombre.toLowerCase()}`, MAXIMO_EVENTOS_CERTIFICACION, defecto[campo])}
                </td>
                <td class="num">${cuota}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <div class="acciones">
        ${numero('ritmo', 'Ritmo (documentos por minuto)', RITMO_MAXIMO_CERTIFICACION, RITMO_CERTIFICACION, false)}
        ${campoCsrf(req)}
        <button type="submit">Revisar el plan</button>
      </div>
    </form>`;
  }

  /**
   * The plan as the form sent it: the CLI's `--plan` text (`01=90,…,invalidacion=5,contingencia=5`) and the
   * pace, or each field's error. The plan is checked by the API's own `parsePlan`.
   */
  function planDelFormulario(req: Request): { plan: string; ritmo: number; valores: Valores; errores: Errores } {
    const valores: Valores = {};
    const errores: Errores = {};
    const claves: string[] = [
      ...TIPOS_CERTIFICABLES.filter((t) => autorizados(req).includes(t)).map(tipoDte),
      ...EVENTOS.map(([clave]) => clave),
    ];
    for (const clave of claves) {
      const valor = texto(req, `n-${clave}`).trim() || '0';
      valores[`n-${clave}`] = valor;
      if (!/^\d{1,5}$/.test(valor)) errores[`n-${clave}`] = 'Escriba un número entero, 0 o más';
    }
    valores.ritmo = texto(req, 'ritmo').trim();
    const ritmo = Number(valores.ritmo || RITMO_CERTIFICACION);
    if (!(ritmo > 0 && ritmo <= RITMO_MAXIMO_CERTIFICACION))
      errores.ritmo = `Entre 1 y ${RITMO_MAXIMO_CERTIFICACION} documentos por minuto`;
    const plan = claves.map((c) => `${c}=${valores[`n-${c}`]}`).join(',');
    if (!Object.keys(errores).length)
      try {
        parsePlan(plan, autorizados(req));
      } catch (err) {
        if (!(err instanceof DteError) || err.code !== ErrorCode.VALIDATION_ERROR) throw err;
        for (const e of (err.details.errors as { field: string; message: string }[] | undefined) ?? []) {
          const clave = e.field.replace(/^plan\./, '').split('=')[0]!;
          errores[claves.includes(clave) ? `n-${clave}` : 'ritmo'] = e.message;
        }
      }
    return { plan, ritmo, valores, errores };
  }

  async function paginaCertificacion(req: Request, formulario?: { valores: Valores; errores: Errores }) {
    requirePermission(req.auth, 'CERTIFICACION');
    const emisor = await ctx.tenants.emisor(req.auth.emisorId);
    const estado = await campanaDe(ctx, req.auth.emisorId);
    const hecho = HECHOS[String(req.query.hecho)];
    const partes: Html[] = [];
    if (hecho) partes.push(html`<p class="aviso ok" role="status">${hecho}</p>`);
    if (estado) partes.push(seccionCampana(req, estado));
    if (emisor?.ambiente !== '00')
      partes.push(
        html`<p class="vacio">El emisor está en producción: la certificación se hace en el ambiente de pruebas.</p>`,
      );
    else if (!estado || estado.estado === 'CANCELADA')
      partes.push(
        html`<section>
          <h2>${estado ? 'Iniciar otra campaña' : 'Iniciar la campaña'}</h2>
          ${formularioPlan(req, formulario?.valores ?? {}, formulario?.errores ?? {})}
        </section>`,
      );
    return pagina({
      ...(await datosDePagina(ctx, req)),
      titulo: 'Certificación ante MH',
      seccion: 'certificacion',
      cuerpo: html`${partes}`,
    });
  }

  function seccionCampana(req: Request, estado: Campana): Html {
    const [etiqueta, tono] = ESTADOS[estado.estado ?? ''] ?? [estado.estado ?? '', ''];
    const vigente = estado.estado === 'EN_CURSO' || estado.estado === 'PAUSADA';
    const rechazo = estado.ultimoRechazo;
    return html`<section>
        <h2>La campaña</h2>
        <p>
          <span class="estado estado-${tono}">${etiqueta}</span>
          ${estado.iniciadaEn ? html` · iniciada el ${fechaHora(estado.iniciadaEn)}` : ''}
          ${estado.ritmo ? html` · ${estado.ritmo} documentos por minuto` : ''}
        </p>
        ${avance(estado)} ${estado.documentos && avisoCuotas(bajoCuotas(planDe(estado)), 'Esta campaña')}
        ${
          estado.estado === 'PAUSADA' &&
          rechazo &&
          html`<div class="aviso error">
            <p><strong>MH rechazó el documento ${rechazo.codigoGeneracion}</strong> (${rechazo.paso}).</p>
            ${rechazo.codigoMsg && html`<p>${explicacionDeRechazo(rechazo.codigoMsg).significa}</p>`}
            ${rechazo.descripcionMsg && html`<p>${rechazo.descripcionMsg}</p>`}
            ${
              rechazo.observaciones.length
                ? html`<ul>
                    ${rechazo.observaciones.map((o) => html`<li>${o}</li>`)}
                  </ul>`
                : ''
            }
            <p>Corrija los datos del emisor y reanude: el paso rechazado se emite de nuevo, como un documento nuevo.</p>
          </div>`
        }
        ${
          vigente &&
          html`<div class="acciones">
            ${
              estado.estado === 'PAUSADA'
                ? html`<form method="post" action="/consola/certificacion/reanudar">
                    ${campoCsrf(req)}
                    <button type="submit">Reanudar</button>
                  </form>`
                : html`<form method="post" action="/consola/certificacion/pausar">
                    ${campoCsrf(req)}
                    <button type="submit" class="secundario">Pausar</button>
                  </form>`
            }
            <form method="post" action="/consola/certificacion/cancelar">
              ${campoCsrf(req)}
              <button type="submit" class="secundario">Cancelar la campaña…</button>
            </form>
            <a class="boton secundario" href="/consola/certificacion">Actualizar el avance</a>
          </div>`
        }
      </section>
      <section>
        <h2>Informe</h2>
        <p class="tenue">Cada documento y evento de la campaña, con su sello de MH: para el expediente ante MH.</p>
        <div class="acciones">
          <a class="boton secundario" href="/consola/api/certificacion/informe?formato=pdf"
            >Descargar el informe (PDF)</a
          >
          <a class="boton secundario" href="/consola/api/certificacion/informe?formato=csv"
            >Descargar el informe (CSV)</a
          >
        </div>
      </section>`;
  }

  router.get('/certificacion', authenticate(ctx), async (req, res) => {
    res.send(await paginaCertificacion(req));
  });

  /**
   * The plan in two steps: checked and shown back with MH's quotas (`paso` absent), then started
   * (`paso=iniciar`). A count the API refuses is told beside its field, with what was typed kept.
   */
  router.post('/certificacion', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    const { plan, ritmo, valores, errores } = planDelFormulario(req);
    if (Object.keys(errores).length) {
      res.status(400).send(await paginaCertificacion(req, { valores, errores }));
      return;
    }
    if (texto(req, 'paso') === 'iniciar') {
      await iniciarCertificacion(ctx, req, { plan, ritmo });
      res.redirect(303, '/consola/certificacion?hecho=iniciada');
      return;
    }
    const leido = parsePlan(plan, autorizados(req));
    const filas: [string, number, number][] = [
      ...TIPOS_CERTIFICABLES.filter((t) => leido.documentos[t]).map(
        (t) => [nombreTipo(t), leido.documentos[t]!, CUOTAS_CERTIFICACION[t]] as [string, number, number],
      ),
      ...EVENTOS.map(([, campo, nombre, cuota]) => [nombre, leido[campo], cuota] as [string, number, number]),
    ];
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: '¿Iniciar la campaña de certificación?',
        seccion: 'certificacion',
        cuerpo: html`<table>
            <thead>
              <tr>
                <th>Tipo</th>
                <th class="num">Se emitirán</th>
                <th class="num">Cuota de MH</th>
              </tr>
            </thead>
            <tbody>
              ${filas.map(
                ([nombre, n, cuota]) =>
                  html`<tr>
                    <td>${nombre}</td>
                    <td class="num">${n}</td>
                    <td class="num">${cuota}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
          <p>A ${ritmo} documentos por minuto, en el ambiente de pruebas de MH.</p>
          ${avisoCuotas(bajoCuotas(leido), 'Este plan')}
          <form method="post" action="/consola/certificacion" class="accion">
            ${Object.entries(valores).map(
              ([nombre, valor]) => html`<input type="hidden" name="${nombre}" value="${valor}" />`,
            )}
            <input type="hidden" name="paso" value="iniciar" />
            ${campoCsrf(req)}
            <button type="submit">Sí, iniciar la campaña</button>
            <a class="boton secundario" href="/consola/certificacion">Volver sin iniciar</a>
          </form>`,
      }),
    );
  });

  for (const [accion, hecho] of [
    ['pausar', 'pausada'],
    ['reanudar', 'reanudada'],
  ] as const)
    router.post(`/certificacion/${accion}`, authenticate(ctx), async (req, res) => {
      await senalarCertificacion(ctx, req, accion);
      res.redirect(303, `/consola/certificacion?hecho=${hecho}`);
    });

  /** Cancelling ends the campaign for good: asked again (`paso` absent), then done (`paso=cancelar`). */
  router.post('/certificacion/cancelar', authenticate(ctx), async (req, res) => {
    requirePermission(req.auth, 'CERTIFICACION');
    if (texto(req, 'paso') === 'cancelar') {
      await senalarCertificacion(ctx, req, 'cancelar');
      res.redirect(303, '/consola/certificacion?hecho=cancelada');
      return;
    }
    res.send(
      pagina({
        ...(await datosDePagina(ctx, req)),
        titulo: '¿Cancelar la campaña?',
        seccion: 'certificacion',
        cuerpo: html`<div class="aviso alerta">
            <p>
              La campaña termina después del documento que se está enviando. Lo que MH ya aceptó queda aceptado, pero no
              se puede reanudar: habrá que iniciar otra campaña desde el principio.
            </p>
          </div>
          <form method="post" action="/consola/certificacion/cancelar" class="accion">
            <input type="hidden" name="paso" value="cancelar" />
            ${campoCsrf(req)}
            <button type="submit" class="peligro">Sí, cancelar la campaña</button>
            <a class="boton secundario" href="/consola/certificacion">Volver sin cancelar</a>
          </form>`,
      }),
    );
  });

  return router;
}

const HECHOS: Record<string, string> = {
  iniciada: 'Campaña iniciada',
  pausada: 'Pausa pedida: la campaña se detiene después del documento que se está enviando',
  reanudada: 'Campaña reanudada',
  cancelada: 'Campaña cancelada',
};
