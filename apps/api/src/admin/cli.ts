import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { loadConfig, temporalConnectionOptions, type Config } from '@dte/config';
import { Conciliacion } from '@dte/contract';
import { DteWorkflowClient } from '@dte/contract/client';
import {
  connectDatabase,
  Documents,
  endpointView,
  ObjectStore,
  SecretBox,
  TenantCache,
  Webhooks,
  type Database,
} from '@dte/store';
import {
  anexoRequest,
  conciliacionRequest,
  LIBROS,
  DteError,
  libroRequest,
  parseRequest,
  webhookRequest,
  type AmbienteCode,
} from '@dte/domain';
import { estadoCampana, iniciarCampana, senalarCampana } from '../certificacion/campana';
import { escribirAnexo, escribirLibroJson, escribirLibroXlsx, type PedidoLibro } from '../libros/libros';
import { certificacionRequest } from '../routes/certificacion';
import { comprobarDestino } from '../http/destino-webhook';
import { progreso, tokenDeCampana } from './certificacion';
import { ensureDevTenant } from './dev-tenant';
import { PERMISSIONS, Tenants } from './tenants';

const USAGE = `commands (options are --name value):
  dev-tenant [tokenFile]
  emisor create --nit --nrc --nombre [--nombre-comercial] --cod-actividad --desc-actividad
                --departamento --municipio [--distrito] --complemento --telefono --correo
                --ambiente TEST|PROD --mh-password --certificado <CertificadoMH .crt file> --certificado-password
  emisor list
  emisor produccion --emisor <id> --mh-password --certificado <production CertificadoMH .crt file>
                --certificado-password [--sin-certificacion]
                moves a TEST emisor to ambiente PROD with the credentials MH gives it for production;
                refused while the emisor has no completed certification campaign, unless --sin-certificacion
  emisor distrito --emisor <id> --distrito <CAT-008 code, 2 digits>
  emisor normativa --emisor <id> --generacion 2026|2023 [--desde <ISO 8601 instant, default now>]
                from --desde the emisor issues in MH's schemas of that generation, before it in the other;
                without it the emisor follows NORMATIVA_2026_DESDE. 2026 needs the distrito of the emisor
                and of each of its establishments.
  emisor normativa --emisor <id> --servicio
                the emisor follows NORMATIVA_2026_DESDE again (its own cut-over removed)
  emisor branding --emisor <id> [--logo <png|jpg|gif|webp|svg file>] [--color-principal #RRGGBB]
                [--color-secundario #RRGGBB] [--color-fondo #RRGGBB]
  establecimiento create --emisor <id> --cod-estable --cod-estable-mh --tipo-establecimiento --nombre
                --departamento --municipio [--distrito] --complemento --telefono
  establecimiento list --emisor <id>
  establecimiento distrito --establecimiento <id> --distrito <CAT-008 code, 2 digits>
  establecimiento deactivate|activate|delete --establecimiento <id>
                deactivated: its tokens stop issuing; delete: only without documents (revokes its tokens)
  punto-venta create --emisor <id> --establecimiento <id> --cod-punto-venta --cod-punto-venta-mh
  punto-venta list --emisor <id>
  punto-venta deactivate|activate|delete --punto-venta <id>
  token create --emisor <id> --establecimiento <id> --punto-venta <id> --name <text> --permissions <A,B,…|ALL>
  token list --emisor <id>
  token revoke <id>
  documentos listar --emisor <id>
                puts the documents saved before GET /dte existed on the emisor's list (an upgrade step)
  webhooks create --emisor <id> --url <url> [--eventos <a,b,…>] [--descripcion <text>]
                prints the endpoint's secret, this once
  webhooks list --emisor <id>
  webhooks rotate|delete|enable --emisor <id> --webhook <whk_…>
  conciliar --emisor <id> --fecha <YYYY-MM-DD>
                reconciles the emisor's documents of that day with MH (consultadte) through Temporal, waits
                for it, and prints the summary (the report: GET /dte/conciliacion?fecha=)
  libros ventas-contribuyentes|ventas-consumidor|debito-fiscal --emisor <id>
                --periodo <YYYY-MM> | --desde <YYYY-MM-DD> --hasta <YYYY-MM-DD>
                [--cod-estable <codEstable>] [--salida <file.xlsx>]
                prints the book of the month or dates (JSON), or writes it as a spreadsheet; as GET /libros/…
  anexos ventas-contribuyentes|ventas-consumidor-final|documentos-anulados|retenciones|retenciones-13
                --emisor <id> --periodo <YYYY-MM> [--tipo-ingreso <1-13>] [--cod-estable <codEstable>]
                [--salida <file.csv>]
                prints the F-07 annex's rows (JSON), or writes the file DGII's portal imports
  certificacion iniciar --emisor <id> [--plan <01=90,03=75,…,invalidacion=5,contingencia=5>]
                [--ritmo <documents per minute>] [--token <id>]
                starts the emisor's MH certification campaign (ambiente TEST) as POST /certificacion does,
                issuing with the token's establishment and point of sale; without --token, the emisor's
                oldest active token with CERTIFICACION (it says which); without --plan, MH's quotas for
                the kinds the token may issue
  certificacion estado --emisor <id>
                the campaign per kind and event (planned, accepted, rejected, in flight), MH's last
                rejection, and a progress bar per kind and for the whole plan
  certificacion reanudar|cancelar --emisor <id>
                resumes a campaign paused at MH's rejection (after the emisor fixed its data), or ends it
permissions: ${PERMISSIONS.join(', ')}`;

/** The options that take no value. */
const FLAGS = new Set(['servicio', 'sin-certificacion']);

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
    'fecha',
    'periodo',
    'hasta',
    'tipo-ingreso',
    'salida',
    'servicio',
    'sin-certificacion',
    'plan',
    'ritmo',
    'token',
  ].map((name) => [name, { type: FLAGS.has(name) ? ('boolean' as const) : ('string' as const) }]),
);

/** The command's options, each required one checked, so a typo never creates half a tenant. */
function options(args: string[]) {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  const opt = (name: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required\n${USAGE}`);
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

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
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
  const { Emisor, Establecimiento, PuntoVenta, ApiToken } = db.models;
  const o = options(args);
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
      return print({ id: emisor.id, nit: emisor.nit, slug: emisor.slug });
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
      return print(branding);
    }
    case 'emisor distrito':
      return print(await tenants.setDistritoEmisor(o.id('emisor'), o.opt('distrito')));
    case 'emisor normativa': {
      if (o.flag('servicio')) {
        if (o.optional('generacion') !== null || o.optional('desde') !== null)
          throw new Error('--servicio takes neither --generacion nor --desde: the service decides both');
        return print(await tenants.setNormativaDelServicio(o.id('emisor'), new Date(config.NORMATIVA_2026_DESDE)));
      }
      const generacion = o.opt('generacion');
      if (generacion !== '2023' && generacion !== '2026') throw new Error('--generacion must be 2023 or 2026');
      const desde = o.optional('desde');
      // An instant, so the cut-over is the same wherever the CLI runs (El Salvador is UTC−6).
      if (desde !== null && !/(Z|[+-]\d{2}:\d{2})$/.test(desde))
        throw new Error('--desde must be an ISO 8601 instant with its offset, e.g. 2026-12-01T00:00:00-06:00');
      const instante = desde === null ? new Date() : new Date(desde);
      if (Number.isNaN(instante.getTime())) throw new Error(`--desde ${desde} is not a valid instant`);
      return print(await tenants.setNormativa(o.id('emisor'), generacion, instante));
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
      return print(await Emisor.find({}, { secrets: 0, _id: 0 }).sort({ id: 1 }).lean());
    case 'establecimiento create': {
      const e = await tenants.createEstablecimiento(o.id('emisor'), {
        codEstable: o.opt('cod-estable'),
        codEstableMH: o.opt('cod-estable-mh'),
        tipoEstablecimiento: o.opt('tipo-establecimiento'),
        nombre: o.opt('nombre'),
        direccion: o.direccion(),
        telefono: o.opt('telefono'),
      });
      return print({ id: e.id, emisorId: e.emisorId, codEstable: e.codEstable });
    }
    case 'establecimiento distrito':
      return print(await tenants.setDistritoEstablecimiento(o.id('establecimiento'), o.opt('distrito')));
    case 'establecimiento deactivate':
    case 'establecimiento activate':
      return print(await tenants.setActivo('establecimiento', o.id('establecimiento'), command.endsWith(' activate')));
    case 'establecimiento delete':
      return print(await tenants.delete('establecimiento', o.id('establecimiento')));
    case 'punto-venta deactivate':
    case 'punto-venta activate':
      return print(await tenants.setActivo('punto-venta', o.id('punto-venta'), command.endsWith(' activate')));
    case 'punto-venta delete':
      return print(await tenants.delete('punto-venta', o.id('punto-venta')));
    case 'establecimiento list':
      return print(
        await Establecimiento.find({ emisorId: o.id('emisor') }, { _id: 0 })
          .sort({ id: 1 })
          .lean(),
      );
    case 'punto-venta create': {
      const p = await tenants.createPuntoVenta(o.id('emisor'), o.id('establecimiento'), {
        codPuntoVenta: o.opt('cod-punto-venta'),
        codPuntoVentaMH: o.opt('cod-punto-venta-mh'),
      });
      return print({ id: p.id, establecimientoId: p.establecimientoId, codPuntoVenta: p.codPuntoVenta });
    }
    case 'punto-venta list':
      return print(
        await PuntoVenta.find({ emisorId: o.id('emisor') }, { _id: 0 })
          .sort({ id: 1 })
          .lean(),
      );
    case 'token create': {
      const { token, record } = await tenants.createToken({
        emisorId: o.id('emisor'),
        establecimientoId: o.id('establecimiento'),
        puntoVentaId: o.id('punto-venta'),
        name: o.opt('name'),
        permissions: permissionsOf(o.opt('permissions')),
      });
      // The only time the token is shown: the database keeps its hash.
      return print({ id: record.id, token, permissions: record.permissions });
    }
    case 'token list':
      // `_id` is the token's hash: not shown either.
      return print(
        await ApiToken.find({ emisorId: o.id('emisor') }, { _id: 0 })
          .sort({ id: 1 })
          .lean(),
      );
    case 'token revoke': {
      const id = Number(o.positionals[0]);
      if (!Number.isInteger(id)) throw new Error('token revoke <id>');
      if (!(await tenants.revokeToken(id))) throw new Error(`token ${id} does not exist or is already revoked`);
      return print({ id, revoked: true });
    }
    case 'documentos listar': {
      const emisorId = o.id('emisor');
      const documents = new Documents(db, new TenantCache(db.models, 0));
      return print({ emisorId, listados: await documents.listarAnteriores(emisorId) });
    }
    case 'webhooks create': {
      const emisorId = o.id('emisor');
      const eventos = o.optional('eventos');
      const pedido = parseRequest(webhookRequest, {
        url: o.opt('url'),
        ...(eventos ? { eventos: eventos.split(',').map((e) => e.trim()) } : {}),
        ...(o.optional('descripcion') ? { descripcion: o.optional('descripcion') } : {}),
      });
      const emisor = await Emisor.findOne({ id: emisorId }).lean();
      if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
      await comprobarDestino(pedido.url, emisor.ambiente as AmbienteCode, config.WEBHOOK_PERMITIR_DESTINOS_PRIVADOS);
      const { endpoint, secreto } = await new Webhooks(db.connection, box).crear(emisorId, pedido);
      return print({ ...endpointView(endpoint), secreto });
    }
    case 'webhooks list':
      return print((await new Webhooks(db.connection, box).delEmisor(o.id('emisor'))).map(endpointView));
    case 'webhooks rotate': {
      const { endpoint, secreto } = await new Webhooks(db.connection, box).rotar(o.id('emisor'), o.opt('webhook'));
      return print({ ...endpointView(endpoint), secreto });
    }
    case 'webhooks enable':
      return print(endpointView(await new Webhooks(db.connection, box).habilitar(o.id('emisor'), o.opt('webhook'))));
    case 'webhooks delete':
      await new Webhooks(db.connection, box).eliminar(o.id('emisor'), o.opt('webhook'));
      return print({ id: o.opt('webhook'), eliminado: true });
    default:
      throw new Error(`unknown command "${command}"\n${USAGE}`);
  }
}

/** The workflows as the API reaches them, for one command. */
async function conTemporal<T>(config: Config, uso: (workflows: DteWorkflowClient) => Promise<T>): Promise<T> {
  const connection = await Connection.connect(temporalConnectionOptions(config));
  try {
    return await uso(new DteWorkflowClient(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }).workflow));
  } finally {
    await connection.close();
  }
}

/** Runs the emisor's reconciliation of a day with MH as the schedule does, and answers its summary. */
async function conciliar(config: Config, db: Database, args: string[]) {
  const o = options(args);
  const emisorId = o.id('emisor');
  const { fecha } = parseRequest(conciliacionRequest, { fecha: o.opt('fecha') });
  if (!(await db.models.Emisor.exists({ id: emisorId }))) throw new Error(`emisor ${emisorId} does not exist`);
  return conTemporal(config, (workflows) =>
    workflows.execute(Conciliacion, {
      workflowId: Conciliacion.workflowId(emisorId, fecha),
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [{ emisorId, fecha }],
      // A run of that day already going (the schedule's) is waited for rather than doubled.
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  );
}

/** The emisor's certification campaign from the shell, through what POST/GET /certificacion run. */
async function certificacion(config: Config, db: Database, args: string[]) {
  const [accion, ...rest] = args;
  const o = options(rest);
  const emisorId = o.id('emisor');
  switch (accion) {
    case 'iniciar': {
      const ritmo = o.optional('ritmo');
      const pedido = parseRequest(certificacionRequest, {
        plan: o.optional('plan') ?? undefined,
        ritmo: ritmo === null ? undefined : Number(ritmo),
      });
      const { auth, token, elegido } = await tokenDeCampana(
        db,
        emisorId,
        o.optional('token') === null ? null : o.id('token'),
      );
      if (elegido)
        process.stderr.write(
          `admin: the campaign issues with token ${token.id} (${token.name}), the emisor's oldest active token with CERTIFICACION\n`,
        );
      const campana = await conTemporal(config, (workflows) => iniciarCampana({ config, db, workflows }, auth, pedido));
      return { ...campana, token: { ...token, elegido } };
    }
    case 'estado': {
      const estado = await conTemporal(config, (workflows) => estadoCampana({ config, db, workflows }, emisorId));
      // Only the workflow counts; a record whose history Temporal no longer keeps has no counts to draw.
      return 'invalidaciones' in estado ? { ...estado, progreso: progreso(estado) } : estado;
    }
    case 'reanudar':
    case 'cancelar':
      return conTemporal(config, (workflows) => senalarCampana({ config, db, workflows }, emisorId, accion));
    default:
      throw new Error(`unknown command "certificacion ${accion ?? ''}"\n${USAGE}`);
  }
}

/** The same book or annex the API answers, for an accountant without an API token. */
async function libros(db: Database, tipo: 'libros' | 'anexos', args: string[]): Promise<void> {
  const o = options(args);
  const [nombre] = o.positionals;
  const emisorId = o.id('emisor');
  const emisor = await db.models.Emisor.findOne({ id: emisorId }).lean();
  if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
  const salida = o.optional('salida');
  const consulta = {
    periodo: o.optional('periodo') ?? undefined,
    establecimiento: o.optional('cod-estable') ?? undefined,
    formato: salida ? (tipo === 'libros' ? 'xlsx' : 'csv') : 'json',
  };
  const pedido = (periodo: string, establecimiento?: string): PedidoLibro => ({
    documents: new Documents(db, new TenantCache(db.models, 0)),
    emisor: { id: emisorId, nombre: emisor.nombre, nit: emisor.nit },
    periodo,
    establecimiento,
  });
  if (tipo === 'anexos') {
    const { anexo, periodo, establecimiento, tipoIngreso } = parseRequest(anexoRequest, {
      ...consulta,
      anexo: nombre,
      tipoIngreso: o.optional('tipo-ingreso') ?? undefined,
    });
    const archivo = salida ? fs.createWriteStream(salida) : null;
    await escribirAnexo(
      anexo,
      pedido(periodo, establecimiento),
      { tipoIngreso },
      archivo ? 'csv' : 'json',
      archivo ?? process.stdout,
    );
    if (archivo) await finished(archivo.end());
    return;
  }
  const { periodo, establecimiento } = parseRequest(libroRequest, {
    ...consulta,
    desde: o.optional('desde') ?? undefined,
    hasta: o.optional('hasta') ?? undefined,
  });
  if (!nombre || !LIBROS[nombre]) throw new Error(`unknown book ${nombre ?? ''}\n${USAGE}`);
  if (!salida) return escribirLibroJson(nombre, pedido(periodo, establecimiento), process.stdout);
  // The spreadsheet writer ends the file.
  await escribirLibroXlsx(nombre, pedido(periodo, establecimiento), fs.createWriteStream(salida));
}

/** `npm run admin -- <command>`: tenant provisioning from the shell. */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const [command, ...args] = argv;
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
      return;
    }
    if (command === 'conciliar') return print(await conciliar(config, db, args));
    if (command === 'certificacion') return print(await certificacion(config, db, args));
    if (command === 'libros' || command === 'anexos') return await libros(db, command, args);
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
