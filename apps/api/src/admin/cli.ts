import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { loadConfig, temporalConnectionOptions, type Config } from '@dte/config';
import { Conciliacion, ResendDte } from '@dte/contract';
import { applySchedules, DteWorkflowClient } from '@dte/contract/client';
import {
  Buzones,
  buzonView,
  Compras,
  connectDatabase,
  documentoPropio,
  Documents,
  endpointView,
  LibrosEmisor,
  ObjectStore,
  SecretBox,
  TenantCache,
  PERMISSIONS,
  Tenants,
  Webhooks,
  type Database,
} from '@dte/store';
import {
  anexoRequest,
  buzonRequest,
  conciliacionRequest,
  destinatarioReenvio,
  DteError,
  ErrorCode,
  LIBROS,
  libroRequest,
  parseRequest,
  resendRequest,
  webhookRequest,
  type AmbienteCode,
} from '@dte/domain';
import { estadoCampana, iniciarCampana, senalarCampana } from '../certificacion/campana';
import { escribirAnexo, escribirLibroJson, escribirLibroXlsx, type PedidoLibro } from '../libros/libros';
import { certificacionRequest } from '../routes/certificacion';
import { unwrapWorkflowError } from '../http/workflow-errors';
import { comprobarHostBuzon } from '../http/destino';
import { progreso, tokenDeCampana } from './certificacion';
import { ayuda, esComando, verAyuda } from './ayuda';
import { ensureDevTenant } from './dev-tenant';
import { crearEndpoint, escuchar } from './webhooks';

/** The options that take no value. */
const FLAGS = new Set(['servicio', 'sin-certificacion', 'seguir', 'sin-tls']);

const OPTIONS = Object.fromEntries(
  [
    'nit',
    'nrc',
    'nombre',
    'nombre-comercial',
    'cod-actividad',
    'desc-actividad',
    'departamento',
    'municipio',
    'distrito',
    'complemento',
    'telefono',
    'correo',
    'ambiente',
    'mh-password',
    'certificado',
    'certificado-password',
    'emisor',
    'establecimiento',
    'punto-venta',
    'cod-estable',
    'cod-estable-mh',
    'tipo-establecimiento',
    'cod-punto-venta',
    'cod-punto-venta-mh',
    'name',
    'permissions',
    'logo',
    'color-principal',
    'color-secundario',
    'color-fondo',
    'generacion',
    'desde',
    'url',
    'eventos',
    'descripcion',
    'webhook',
    'reenviar-a',
    'fecha',
    'periodo',
    'hasta',
    'tipo-ingreso',
    'tipo-operacion',
    'clasificacion',
    'sector',
    'tipo-costo-gasto',
    'salida',
    'servicio',
    'sin-certificacion',
    'plan',
    'ritmo',
    'token',
    'seguir',
    'contribuyentes',
    'dte',
    'host',
    'port',
    'usuario',
    'password',
    'carpeta',
    'sin-tls',
    'monto-confirmacion',
    'primero-del-proveedor',
  ].map((name) => [name, { type: FLAGS.has(name) ? ('boolean' as const) : ('string' as const) }]),
);

/**
 * The command's options, each required one checked, so a typo never creates half a tenant. An error names
 * the option and where the command's help is.
 */
function options(comando: string, args: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new Error(`${(err as Error).message}: ${verAyuda(comando)}`);
  }
  const { values, positionals } = parsed;
  const opt = (name: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required: ${verAyuda(comando)}`);
    return value;
  };
  const id = (name: string): number => {
    const n = Number(opt(name));
    if (!Number.isInteger(n)) throw new Error(`--${name} must be an integer id`);
    return n;
  };
  const optional = (name: string) => (values[name] as string | undefined) ?? null;
  const flag = (name: string) => values[name] === true;
  const direccion = () => ({
    departamento: opt('departamento'),
    municipio: opt('municipio'),
    distrito: optional('distrito'),
    complemento: opt('complemento'),
  });
  return { opt, id, optional, flag, direccion, positionals };
}

function permissionsOf(list: string): string[] {
  if (list === 'ALL') return [...PERMISSIONS];
  const asked = list.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !PERMISSIONS.includes(p));
  if (unknown.length) throw new Error(`unknown permissions ${unknown.join(', ')}; known: ${PERMISSIONS.join(', ')}`);
  return asked;
}

/** What the command answers, as JSON on stdout, and what it did, in words on stderr. */
function print(value: unknown, hecho?: string): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (hecho) decir(hecho);
}

/** A list, and how many it holds. */
function contados(lista: unknown[], que: string): void {
  print(lista, `${lista.length} ${que}`);
}

/** A line for the person at the terminal, apart from the JSON a script reads. */
function decir(linea: string): void {
  process.stderr.write(`admin: ${linea}\n`);
}

async function run(
  config: Config,
  db: Database,
  box: SecretBox,
  store: ObjectStore,
  command: string,
  args: string[],
): Promise<void> {
  const tenants = new Tenants(db, box);
  const o = options(command.split(' ')[0]!, args);
  switch (command) {
    case 'emisor create': {
      const ambiente = o.opt('ambiente');
      if (ambiente !== 'TEST' && ambiente !== 'PROD') throw new Error('--ambiente must be TEST or PROD');
      const emisor = await tenants.createEmisor({
        nit: o.opt('nit'),
        nrc: o.opt('nrc'),
        nombre: o.opt('nombre'),
        nombreComercial: o.optional('nombre-comercial'),
        codActividad: o.opt('cod-actividad'),
        descActividad: o.opt('desc-actividad'),
        direccion: o.direccion(),
        telefono: o.opt('telefono'),
        correo: o.opt('correo'),
        ambiente: (ambiente === 'TEST' ? '00' : '01') as AmbienteCode,
        mhPassword: o.opt('mh-password'),
        certificadoXml: fs.readFileSync(o.opt('certificado'), 'utf8'),
        certificadoPassword: o.opt('certificado-password'),
      });
      return print(
        { id: emisor.id, nit: emisor.nit, slug: emisor.slug },
        `emisor ${emisor.id} created (NIT ${emisor.nit}); next: establecimiento create --emisor ${emisor.id}`,
      );
    }
    case 'emisor branding': {
      const colores = Object.fromEntries(
        (
          [
            ['colorPrincipal', 'color-principal'],
            ['colorSecundario', 'color-secundario'],
            ['colorFondo', 'color-fondo'],
          ] as const
        )
          .map(([field, option]) => [field, o.optional(option)])
          .filter(([, value]) => value !== null),
      );
      const logo = o.optional('logo');
      const branding = await tenants.setBranding(o.id('emisor'), store, {
        colores,
        logo: logo ? { bytes: fs.readFileSync(logo), file: logo } : undefined,
      });
      return print(branding, `branding of emisor ${o.id('emisor')} saved`);
    }
    case 'emisor distrito':
      return print(
        await tenants.setDistritoEmisor(o.id('emisor'), o.opt('distrito')),
        `distrito of emisor ${o.id('emisor')} set`,
      );
    case 'emisor normativa': {
      if (o.flag('servicio')) {
        if (o.optional('generacion') !== null || o.optional('desde') !== null)
          throw new Error('--servicio takes neither --generacion nor --desde: the service decides both');
        return print(
          await tenants.setNormativaDelServicio(o.id('emisor'), new Date(config.NORMATIVA_2026_DESDE)),
          `emisor ${o.id('emisor')} follows the service's cut-over (NORMATIVA_2026_DESDE) again`,
        );
      }
      const generacion = o.opt('generacion');
      if (generacion !== '2023' && generacion !== '2026') throw new Error('--generacion must be 2023 or 2026');
      const desde = o.optional('desde');
      // An instant, so the cut-over is the same wherever the CLI runs (El Salvador is UTC−6).
      if (desde !== null && !/(Z|[+-]\d{2}:\d{2})$/.test(desde))
        throw new Error('--desde must be an ISO 8601 instant with its offset, e.g. 2026-12-01T00:00:00-06:00');
      const instante = desde === null ? new Date() : new Date(desde);
      if (Number.isNaN(instante.getTime())) throw new Error(`--desde ${desde} is not a valid instant`);
      return print(
        await tenants.setNormativa(o.id('emisor'), generacion, instante),
        `emisor ${o.id('emisor')} issues in the ${generacion} generation from ${instante.toISOString()}`,
      );
    }
    case 'emisor compras': {
      const monto = o.optional('monto-confirmacion');
      if (monto !== null && o.flag('servicio'))
        throw new Error('--monto-confirmacion and --servicio exclude each other');
      const primero = o.optional('primero-del-proveedor');
      if (primero !== null && primero !== 'si' && primero !== 'no')
        throw new Error('--primero-del-proveedor must be si or no');
      const politica = await tenants.setPoliticaCompras(o.id('emisor'), config, {
        ...(monto !== null ? { montoConfirmacion: monto } : o.flag('servicio') ? { montoConfirmacion: null } : {}),
        ...(primero !== null ? { primeroDelProveedor: primero === 'si' } : {}),
      });
      return print(politica, `received documents of emisor ${o.id('emisor')} wait for a person as printed`);
    }
    case 'emisor produccion':
      return print(
        await tenants.pasarAProduccion(o.id('emisor'), {
          mhPassword: o.opt('mh-password'),
          certificadoXml: fs.readFileSync(o.opt('certificado'), 'utf8'),
          certificadoPassword: o.opt('certificado-password'),
          sinCertificacion: o.flag('sin-certificacion'),
        }),
      );
    case 'emisor list':
      return contados(await tenants.emisores(), 'emisor(es)');
    case 'establecimiento create': {
      const e = await tenants.createEstablecimiento(o.id('emisor'), {
        codEstable: o.opt('cod-estable'),
        codEstableMH: o.opt('cod-estable-mh'),
        tipoEstablecimiento: o.opt('tipo-establecimiento'),
        nombre: o.opt('nombre'),
        direccion: o.direccion(),
        telefono: o.opt('telefono'),
      });
      return print(
        { id: e.id, emisorId: e.emisorId, codEstable: e.codEstable },
        `establecimiento ${e.id} created; next: punto-venta create --establecimiento ${e.id}`,
      );
    }
    case 'establecimiento distrito':
      return print(
        await tenants.setDistritoEstablecimiento(o.id('establecimiento'), o.opt('distrito')),
        `distrito of establecimiento ${o.id('establecimiento')} set`,
      );
    case 'establecimiento deactivate':
    case 'establecimiento activate':
      return print(
        await tenants.setActivo('establecimiento', o.id('establecimiento'), command.endsWith(' activate')),
        `establecimiento ${o.id('establecimiento')} ${command.endsWith(' activate') ? 'activated' : 'deactivated'}`,
      );
    case 'establecimiento delete':
      return print(
        await tenants.delete('establecimiento', o.id('establecimiento')),
        `establecimiento ${o.id('establecimiento')} deleted`,
      );
    case 'punto-venta deactivate':
    case 'punto-venta activate':
      return print(
        await tenants.setActivo('punto-venta', o.id('punto-venta'), command.endsWith(' activate')),
        `punto de venta ${o.id('punto-venta')} ${command.endsWith(' activate') ? 'activated' : 'deactivated'}`,
      );
    case 'punto-venta delete':
      return print(
        await tenants.delete('punto-venta', o.id('punto-venta')),
        `punto de venta ${o.id('punto-venta')} deleted`,
      );
    case 'establecimiento list':
      return contados(await tenants.establecimientos(o.id('emisor')), 'establecimiento(s)');
    case 'punto-venta create': {
      const p = await tenants.createPuntoVenta(o.id('emisor'), o.id('establecimiento'), {
        codPuntoVenta: o.opt('cod-punto-venta'),
        codPuntoVentaMH: o.opt('cod-punto-venta-mh'),
      });
      return print(
        { id: p.id, establecimientoId: p.establecimientoId, codPuntoVenta: p.codPuntoVenta },
        `punto de venta ${p.id} created; next: token create --punto-venta ${p.id}`,
      );
    }
    case 'punto-venta list':
      return contados(await tenants.puntosVenta(o.id('emisor')), 'punto(s) de venta');
    case 'token create': {
      const { token, record } = await tenants.createToken({
        emisorId: o.id('emisor'),
        establecimientoId: o.id('establecimiento'),
        puntoVentaId: o.id('punto-venta'),
        name: o.opt('name'),
        permissions: permissionsOf(o.opt('permissions')),
      });
      // The only time the token is shown: the database keeps its hash.
      return print(
        { id: record.id, token, permissions: record.permissions },
        `token ${record.id} created: keep it now, it is not shown again`,
      );
    }
    case 'token list':
      // `_id` is the token's hash: not shown either.
      return contados(await tenants.tokens(o.id('emisor')), 'token(s)');
    case 'token revoke': {
      const id = Number(o.positionals[0]);
      if (!Number.isInteger(id)) throw new Error('token revoke <id>');
      if (!(await tenants.revokeToken(id))) throw new Error(`token ${id} does not exist or is already revoked`);
      return print({ id, revoked: true }, `token ${id} revoked`);
    }
    case 'documentos listar': {
      const emisorId = o.id('emisor');
      const documents = new Documents(db, new TenantCache(db.models, 0));
      const listados = await documents.listarAnteriores(emisorId);
      return print({ emisorId, listados }, `${listados} document(s) of emisor ${emisorId} put on its list`);
    }
    case 'webhooks create': {
      const emisorId = o.id('emisor');
      const eventos = o.optional('eventos');
      const pedido = parseRequest(webhookRequest, {
        url: o.opt('url'),
        ...(eventos ? { eventos: eventos.split(',').map((e) => e.trim()) } : {}),
        ...(o.optional('descripcion') ? { descripcion: o.optional('descripcion') } : {}),
      });
      const { endpoint, secreto } = await crearEndpoint(config, db, box, emisorId, pedido);
      return print(
        { ...endpointView(endpoint), secreto },
        `webhook endpoint ${endpointView(endpoint).id} created: keep its secret now, it is not shown again`,
      );
    }
    case 'webhooks escuchar': {
      const eventos = o.optional('eventos');
      return escuchar(
        config,
        db,
        box,
        o.id('emisor'),
        o.opt('reenviar-a'),
        eventos ? eventos.split(',').map((e) => e.trim()) : undefined,
        decir,
      );
    }
    case 'webhooks list':
      return contados(
        (await new Webhooks(db.connection, box).delEmisor(o.id('emisor'))).map(endpointView),
        'webhook endpoint(s)',
      );
    case 'webhooks rotate': {
      const { endpoint, secreto } = await new Webhooks(db.connection, box).rotar(o.id('emisor'), o.opt('webhook'));
      return print(
        { ...endpointView(endpoint), secreto },
        `secret of ${endpointView(endpoint).id} rotated: keep the new one now, it is not shown again`,
      );
    }
    case 'webhooks enable':
      return print(
        endpointView(await new Webhooks(db.connection, box).habilitar(o.id('emisor'), o.opt('webhook'))),
        `webhook endpoint ${o.opt('webhook')} enabled`,
      );
    case 'webhooks delete':
      await new Webhooks(db.connection, box).eliminar(o.id('emisor'), o.opt('webhook'));
      return print({ id: o.opt('webhook'), eliminado: true }, `webhook endpoint ${o.opt('webhook')} deleted`);
    case 'buzon set': {
      const emisorId = o.id('emisor');
      await tenants.comprobarEmisor(emisorId);
      const port = o.optional('port');
      const pedido = parseRequest(buzonRequest, {
        host: o.opt('host'),
        usuario: o.opt('usuario'),
        password: o.opt('password'),
        tls: !o.flag('sin-tls'),
        ...(port ? { port: Number(port) } : {}),
        ...(o.optional('carpeta') ? { carpeta: o.optional('carpeta') } : {}),
        ...(o.optional('desde') ? { desde: o.optional('desde') } : {}),
      });
      await comprobarHostBuzon(pedido.host, config.BUZON_PERMITIR_DESTINOS_PRIVADOS);
      const buzon = await new Buzones(db.connection, box).guardar(emisorId, pedido);
      return print(buzonView(buzon, []), `mailbox of emisor ${emisorId} set; the lectura-buzones schedule reads it`);
    }
    case 'buzon show': {
      const buzones = new Buzones(db.connection, box);
      const buzon = await buzones.leer(o.id('emisor'));
      if (!buzon) throw new Error(`emisor ${o.id('emisor')} has no mailbox`);
      return print(buzonView(buzon, await buzones.informes(buzon.emisorId, 50)));
    }
    case 'buzon delete':
      if (!(await new Buzones(db.connection, box).eliminar(o.id('emisor'))))
        throw new Error(`emisor ${o.id('emisor')} has no mailbox`);
      return print({ emisorId: o.id('emisor'), eliminado: true }, `mailbox of emisor ${o.id('emisor')} removed`);
    default:
      throw new Error(`unknown command "${command.trim()}": ${verAyuda(command.split(' ')[0])}`);
  }
}

/** Temporal's client, for one command. */
async function conCliente<T>(config: Config, uso: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    return await uso(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }));
  } finally {
    await connection.close();
  }
}

/** The workflows as the API reaches them, for one command. */
const conTemporal = <T>(config: Config, uso: (workflows: DteWorkflowClient) => Promise<T>): Promise<T> =>
  conCliente(config, (client) => uso(new DteWorkflowClient(client.workflow)));

/**
 * The service's Temporal Schedules: `list` shows each as Temporal has it (paused or not, its interval or
 * hour, its task queue); `apply` brings them in line with this command's configuration, which a worker's
 * start-up never does once they exist.
 */
async function schedules(config: Config, args: string[]): Promise<void> {
  const [accion] = args;
  if (accion === 'apply') {
    const hechos = await conCliente(config, (client) => applySchedules(client.schedule, config));
    return print(hechos, `${hechos.length} schedule(s) now follow this configuration; paused ones stay paused`);
  }
  if (accion !== 'list') throw new Error(`unknown action "schedules ${accion ?? ''}": ${verAyuda('schedules')}`);
  const vistas = await conCliente(config, async (client) => {
    const todas = [];
    for await (const s of client.schedule.list()) {
      const d = await client.schedule.getHandle(s.scheduleId).describe();
      todas.push({
        scheduleId: s.scheduleId,
        pausado: d.state.paused,
        nota: d.state.note ?? null,
        intervalos: d.spec.intervals?.map((i) => i.every) ?? [],
        calendarios: d.spec.calendars ?? [],
        taskQueue: d.action.type === 'startWorkflow' ? d.action.taskQueue : null,
        proximas: d.info.nextActionTimes.slice(0, 3),
      });
    }
    return todas;
  });
  contados(vistas, 'schedule(s)');
}

/** While `trabajo` runs, a line every few seconds saying it still does and for how long. */
async function conAvance<T>(que: string, trabajo: Promise<T>): Promise<T> {
  const inicio = Date.now();
  decir(`${que}…`);
  const latido = setInterval(() => decir(`${que}: ${Math.round((Date.now() - inicio) / 1000)} s so far`), 5000);
  try {
    return await trabajo;
  } finally {
    clearInterval(latido);
  }
}

/** Runs the emisor's reconciliation of a day with MH as the schedule does, and answers its summary. */
async function conciliar(config: Config, db: Database, box: SecretBox, args: string[]) {
  const o = options('conciliar', args);
  const emisorId = o.id('emisor');
  const { fecha } = parseRequest(conciliacionRequest, { fecha: o.opt('fecha') });
  await new Tenants(db, box).comprobarEmisor(emisorId);
  const workflowId = Conciliacion.workflowId(emisorId, fecha);
  const resumen = await conTemporal(config, (workflows) =>
    conAvance(
      `reconciling emisor ${emisorId}'s ${fecha} with MH (workflow ${workflowId})`,
      workflows.execute(Conciliacion, {
        workflowId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{ emisorId, fecha }],
        // A run of that day already going (the schedule's) is waited for rather than doubled.
        workflowIdConflictPolicy: 'USE_EXISTING',
      }),
    ),
  );
  print(
    resumen,
    `${resumen.consultados} document(s) checked at MH: ${resumen.diferencias} difference(s), ` +
      `${resumen.sinRespuesta} unanswered; the report: GET /dte/conciliacion?fecha=${fecha}`,
  );
}

/**
 * E-mails a document again, as POST /dte/resend does: the same check (`destinatarioReenvio`: a sealed
 * document, to --correo or its receptor's address), then the same workflow, which checks it once more.
 */
async function reenviar(config: Config, db: Database, args: string[]) {
  const o = options('reenviar', args);
  const emisorId = o.id('emisor');
  const { email } = parseRequest(resendRequest, { email: o.optional('correo') ?? undefined });
  const documents = new Documents(db, new TenantCache(db.models, 0));
  const doc = await documentoPropio(documents, emisorId, o.opt('dte'), [
    'codigoGeneracion',
    'tipo',
    'estado',
    'receptorCorreo',
  ]);
  const { codigoGeneracion, tipo, estado } = doc;
  const to = destinatarioReenvio(doc, email);
  const enviado = await conTemporal(config, (workflows) =>
    conAvance(
      `e-mailing document ${codigoGeneracion} to ${to}`,
      workflows
        .execute(ResendDte, {
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          workflowId: ResendDte.workflowId(codigoGeneracion, randomUUID()),
          args: [{ codigoGeneracion, to }],
        })
        .catch((err: unknown) => {
          throw unwrapWorkflowError(err);
        }),
    ),
  );
  const data = { codigoGeneracion, emailEnviado: to, correoEnviado: enviado, tipo, estado };
  if (!enviado) throw new DteError(ErrorCode.EMAIL_NOT_SENT, 502, `No se pudo enviar el correo a ${to}`, { data });
  print(data, `document ${codigoGeneracion} e-mailed to ${to}`);
}

/** How often `certificacion estado --seguir` asks the campaign again. */
const SEGUIR_CADA_MS = 2000;

/** The emisor's certification campaign from the shell, through what POST/GET /certificacion run. */
async function certificacion(config: Config, db: Database, args: string[]): Promise<void> {
  const [accion, ...rest] = args;
  const o = options('certificacion', rest);
  const emisorId = o.id('emisor');
  switch (accion) {
    case 'iniciar': {
      const ritmo = o.optional('ritmo');
      const contribuyentes = o.optional('contribuyentes');
      const pedido = parseRequest(certificacionRequest, {
        plan: o.optional('plan') ?? undefined,
        ritmo: ritmo === null ? undefined : Number(ritmo),
        contribuyentes: contribuyentes === null ? undefined : JSON.parse(fs.readFileSync(contribuyentes, 'utf8')),
      });
      const { auth, token, elegido } = await tokenDeCampana(
        db,
        new Tenants(db, new SecretBox(config.SECRET_KEY)),
        emisorId,
        o.optional('token') === null ? null : o.id('token'),
      );
      if (elegido)
        decir(
          `the campaign issues with token ${token.id} (${token.name}), the emisor's oldest active token with CERTIFICACION`,
        );
      const campana = await conTemporal(config, (workflows) => iniciarCampana({ config, db, workflows }, auth, pedido));
      return print(
        { ...campana, token: { ...token, elegido } },
        `campaign ${campana.workflowId} started; follow it: certificacion estado --emisor ${emisorId} --seguir`,
      );
    }
    case 'estado': {
      const estado = await conTemporal(config, async (workflows) => {
        const leer = () => estadoCampana({ config, db, workflows }, emisorId);
        let actual = await leer();
        let ultimaBarra = '';
        while (o.flag('seguir') && actual.estado === 'EN_CURSO' && 'invalidaciones' in actual) {
          const barra = progreso(actual).total;
          if (barra !== ultimaBarra) decir(`${actual.estado} ${(ultimaBarra = barra)}`);
          await new Promise((r) => setTimeout(r, SEGUIR_CADA_MS));
          actual = await leer();
        }
        return actual;
      });
      // Only the workflow counts; a record whose history Temporal no longer keeps has no counts to draw.
      if (!('invalidaciones' in estado)) return print(estado, `campaign ${estado.estado}`);
      const barras = progreso(estado);
      return print({ ...estado, progreso: barras }, `campaign ${estado.estado} ${barras.total}`);
    }
    case 'reanudar':
    case 'cancelar': {
      const hecho = await conTemporal(config, (workflows) =>
        senalarCampana({ config, db, workflows }, emisorId, accion),
      );
      return print(hecho, `campaign of emisor ${emisorId} ${accion === 'reanudar' ? 'resumed' : 'cancelled'}`);
    }
    default:
      throw new Error(`unknown command "certificacion ${accion ?? ''}": ${verAyuda('certificacion')}`);
  }
}

/**
 * What is written to a file, passed through: a line every second with how much so far, and one at the end,
 * so a month of 20,000 documents is seen to move. CSV counts rows, a spreadsheet KB.
 */
function conteoDeSalida(archivo: string, filas: boolean): { paso: Transform; fin: () => void } {
  let total = 0;
  let ultimo = Date.now();
  const medida = () => (filas ? `${total} row(s)` : `${Math.ceil(total / 1024)} KB`);
  const paso = new Transform({
    transform(trozo: Buffer, _enc, listo) {
      total += filas ? trozo.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0) : trozo.length;
      if (Date.now() - ultimo >= 1000) {
        ultimo = Date.now();
        decir(`writing ${archivo}: ${medida()} so far`);
      }
      listo(null, trozo);
    },
  });
  return { paso, fin: () => decir(`wrote ${archivo} (${medida()})`) };
}

/** The same book or annex the API answers, for an accountant without an API token. */
async function libros(
  db: Database,
  box: SecretBox,
  store: ObjectStore,
  tipo: 'libros' | 'anexos',
  args: string[],
): Promise<void> {
  const o = options(tipo, args);
  const [nombre] = o.positionals;
  const emisorId = o.id('emisor');
  const emisor = await new Tenants(db, box).emisor(emisorId);
  const salida = o.optional('salida');
  const consulta = {
    periodo: o.optional('periodo') ?? undefined,
    establecimiento: o.optional('cod-estable') ?? undefined,
    formato: salida ? (tipo === 'libros' ? 'xlsx' : 'csv') : 'json',
  };
  const tenants = new TenantCache(db.models, 0);
  const pedido = (periodo: string, establecimiento?: string): PedidoLibro => ({
    documents: new Documents(db, tenants),
    compras: new Compras(db, store, tenants),
    emisor: { id: emisorId, nombre: emisor.nombre, nit: emisor.nit },
    periodo,
    establecimiento,
  });
  if (tipo === 'anexos') {
    const { anexo, periodo, establecimiento, tipoIngreso, clasificacion } = parseRequest(anexoRequest, {
      ...consulta,
      anexo: nombre,
      tipoIngreso: o.optional('tipo-ingreso') ?? undefined,
      tipoOperacion: o.optional('tipo-operacion') ?? undefined,
      clasificacion: o.optional('clasificacion') ?? undefined,
      sector: o.optional('sector') ?? undefined,
      tipoCostoGasto: o.optional('tipo-costo-gasto') ?? undefined,
    });
    const opciones = { tipoIngreso: await new LibrosEmisor(db).tipoIngreso(emisorId, tipoIngreso), clasificacion };
    if (!salida) return escribirAnexo(anexo, pedido(periodo, establecimiento), opciones, 'json', process.stdout);
    const conteo = conteoDeSalida(salida, true);
    const archivo = fs.createWriteStream(salida);
    conteo.paso.pipe(archivo);
    await escribirAnexo(anexo, pedido(periodo, establecimiento), opciones, 'csv', conteo.paso);
    await finished(conteo.paso.end() && archivo);
    return conteo.fin();
  }
  const { periodo, establecimiento } = parseRequest(libroRequest, {
    ...consulta,
    desde: o.optional('desde') ?? undefined,
    hasta: o.optional('hasta') ?? undefined,
  });
  if (!nombre || !LIBROS[nombre]) throw new Error(`unknown book "${nombre ?? ''}": ${verAyuda('libros')}`);
  if (!salida) return escribirLibroJson(nombre, pedido(periodo, establecimiento), process.stdout);
  const conteo = conteoDeSalida(salida, false);
  const archivo = fs.createWriteStream(salida);
  conteo.paso.pipe(archivo);
  // The spreadsheet writer ends the stream it is given.
  await escribirLibroXlsx(nombre, pedido(periodo, establecimiento), conteo.paso);
  await finished(archivo);
  conteo.fin();
}

/** `npm run admin -- <command>`: tenant provisioning from the shell. */
async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  // Help needs no configuration, database or stack.
  if (!command || command === 'help' || command === '--help' || command === '-h')
    return void process.stdout.write(ayuda(args[0]));
  if (!esComando(command)) throw new Error(`unknown command "${command}": ${verAyuda()}`);
  if (args.includes('--help') || args.includes('-h')) return void process.stdout.write(ayuda(command));
  const config = loadConfig();
  const db = await connectDatabase(config.MONGODB_URI);
  const box = new SecretBox(config.SECRET_KEY);
  try {
    if (command === 'dev-tenant') {
      const tokenFile = args[0] ?? path.resolve('.data/dev-token');
      const tenant = await ensureDevTenant(db, box, {
        mhBaseUrl: config.MH_BASE_URL,
        tokenFile,
        devToken: config.DTE_DEV_TOKEN,
      });
      process.stdout.write(`${JSON.stringify({ emisorId: tenant.emisorId, nit: tenant.nit })}\n`);
      return decir(`development emisor ${tenant.emisorId} ready; its token is in ${tokenFile}`);
    }
    if (command === 'conciliar') return await conciliar(config, db, box, args);
    if (command === 'reenviar') return await reenviar(config, db, args);
    if (command === 'schedules') return await schedules(config, args);
    if (command === 'certificacion') return await certificacion(config, db, args);
    if (command === 'libros' || command === 'anexos')
      return await libros(db, box, ObjectStore.fromConfig(config), command, args);
    const [action, ...rest] = args;
    await run(config, db, box, ObjectStore.fromConfig(config), `${command ?? ''} ${action ?? ''}`, rest);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  // A refusal's details name the offending fields.
  const details = err instanceof DteError && Object.keys(err.details).length ? ` ${JSON.stringify(err.details)}` : '';
  process.stderr.write(`admin: ${err instanceof Error ? err.message : String(err)}${details}\n`);
  process.exit(1);
});
