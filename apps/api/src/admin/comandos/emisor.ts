import fs from 'node:fs';
import { logoValido, type AmbienteCode } from '@dte/domain';
import { VIGENCIA_ENLACE_DOCUMENTO_DIAS } from '@dte/store';
import { auditarOperador } from '../auditoria';
import { contados, porAccion, print, type Comando, type Contexto } from '../comando';
import { fijarFormatoPdf } from '../formato-pdf';

export const emisor: Comando = {
  nombre: 'emisor',
  ayuda: `emisor create --nit --nrc --nombre [--nombre-comercial] --cod-actividad --desc-actividad
                --departamento --municipio [--distrito] --complemento --telefono --correo
                --ambiente TEST|PROD --mh-password --certificado <CertificadoMH .crt file> --certificado-password
  emisor list
  emisor produccion --emisor <id> --mh-password --certificado <production CertificadoMH .crt file>
                --certificado-password [--sin-certificacion --motivo <why>]
                moves a TEST emisor to ambiente PROD with the credentials MH gives it for production;
                refused while the emisor has no completed certification campaign, or its campaign's plan is
                below MH's minimum quotas, unless --sin-certificacion with the reason, recorded in the
                emisor's audit log with the move
  emisor distrito --emisor <id> --distrito <CAT-008 code, 2 digits>
  emisor normativa --emisor <id> --generacion 2026|2023 [--desde <ISO 8601 instant, default now>]
                from --desde the emisor issues in MH's schemas of that generation, before it in the other;
                without it the emisor follows NORMATIVA_2026_DESDE. 2026 needs the distrito of the emisor
                and of each of its establishments.
  emisor normativa --emisor <id> --servicio
                the emisor follows NORMATIVA_2026_DESDE again (its own cut-over removed)
  emisor branding --emisor <id> [--logo <PNG or JPEG file>] [--color-principal #RRGGBB]
                [--color-secundario #RRGGBB] [--color-fondo #RRGGBB]
  emisor remitente --emisor <id> [--nombre <From name>] [--responder-a <e-mail>]
                the emisor's own sender on its receptors' e-mails: its name on MAIL_FROM's address, and
                the Reply-To; an option given empty ('') removes that setting, one not given keeps it;
                recorded in the emisor's audit log
  emisor logo --emisor <id> <PNG or JPEG file, 512 KB at most> | --quitar
                the logo of the emisor's PDFs, or none; recorded in the emisor's audit log
  emisor compras --emisor <id> [--monto-confirmacion <USD, e.g. 500.00>|--servicio] [--primero-del-proveedor si|no]
                which received documents MH confirmed wait for a person (COMPRAS_CONFIRMAR) to compare them
                with MH's consulta pública before they count: those above the amount (--servicio: the
                service's COMPRAS_MONTO_CONFIRMACION), and with si each supplier's first; prints the policy
  emisor formato-pdf --emisor <id> --formato carta|ticket80|ticket58|ninguno
                the paper of the emisor's PDFs when GET /dte/pdf names no formato (a point of sale's own
                setting comes first; ninguno: Letter); recorded in the emisor's audit log
  emisor enlace-vigencia --emisor <id> (--dias <1-3650>|--servicio)
                how many days a share link of the emisor's documents works (POST /dte/{codigoGeneracion}/enlace,
                the e-mail's link; --servicio: the default, 90); links made before keep their expiry;
                recorded in the emisor's audit log`,
  opciones: {
    nit: 'valor',
    nrc: 'valor',
    nombre: 'valor',
    'nombre-comercial': 'valor',
    'cod-actividad': 'valor',
    'desc-actividad': 'valor',
    departamento: 'valor',
    municipio: 'valor',
    distrito: 'valor',
    complemento: 'valor',
    telefono: 'valor',
    correo: 'valor',
    ambiente: 'valor',
    'mh-password': 'valor',
    certificado: 'valor',
    'certificado-password': 'valor',
    emisor: 'valor',
    logo: 'valor',
    'color-principal': 'valor',
    'color-secundario': 'valor',
    'color-fondo': 'valor',
    generacion: 'valor',
    desde: 'valor',
    servicio: 'bandera',
    'sin-certificacion': 'bandera',
    motivo: 'valor',
    'monto-confirmacion': 'valor',
    'primero-del-proveedor': 'valor',
    formato: 'valor',
    dias: 'valor',
    'responder-a': 'valor',
    quitar: 'bandera',
  },
  ejecutar: porAccion('emisor', {
    async create({ tenants }, o) {
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
      print(
        { id: emisor.id, nit: emisor.nit, slug: emisor.slug },
        `emisor ${emisor.id} created (NIT ${emisor.nit}); next: establecimiento create --emisor ${emisor.id}`,
      );
    },
    async branding(contexto, o) {
      const { tenants } = contexto;
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
      const archivo = o.optional('logo');
      const logo = archivo === null ? null : fs.readFileSync(archivo);
      // Checked before anything is written: a bad logo leaves the colours as they were, a bad colour the logo.
      if (logo) logoValido(logo);
      const branding = await tenants.setColores(o.id('emisor'), colores);
      const puesto = logo && (await fijarLogo(contexto, o.id('emisor'), logo, 'emisor branding'));
      print({ ...branding, ...(puesto && { logoKey: puesto.logoKey }) }, `branding of emisor ${o.id('emisor')} saved`);
    },
    async remitente({ tenants, db }, o) {
      const emisorId = o.id('emisor');
      const nombre = o.optional('nombre');
      const responderA = o.optional('responder-a');
      const hecho = await tenants.setRemitente(emisorId, {
        ...(nombre !== null && { nombre }),
        ...(responderA !== null && { responderA }),
      });
      await auditarOperador(db, emisorId, 'REMITENTE_CAMBIADO', 'emisor remitente', {
        detalles: hecho.detalles,
      });
      const { detalles: _, ...vista } = hecho;
      print(vista, `the e-mails of emisor ${emisorId} are sent as printed`);
    },
    async logo(contexto, o) {
      const [archivo, ...sobra] = o.positionals;
      if (o.flag('quitar') === (archivo !== undefined) || sobra.length)
        throw new Error('emisor logo takes one file, or --quitar to remove the logo');
      const emisorId = o.id('emisor');
      const hecho = await fijarLogo(contexto, emisorId, archivo === undefined ? null : fs.readFileSync(archivo));
      print(hecho, hecho.logoKey ? `logo of emisor ${emisorId} saved` : `emisor ${emisorId} has no logo now`);
    },
    async distrito({ tenants }, o) {
      print(
        await tenants.setDistritoEmisor(o.id('emisor'), o.opt('distrito')),
        `distrito of emisor ${o.id('emisor')} set`,
      );
    },
    async normativa({ tenants, config }, o) {
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
      print(
        await tenants.setNormativa(o.id('emisor'), generacion, instante),
        `emisor ${o.id('emisor')} issues in the ${generacion} generation from ${instante.toISOString()}`,
      );
    },
    async compras({ tenants, config }, o) {
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
      print(politica, `received documents of emisor ${o.id('emisor')} wait for a person as printed`);
    },
    async produccion({ tenants, db }, o) {
      const emisorId = o.id('emisor');
      const hecho = await tenants.pasarAProduccion(emisorId, {
        mhPassword: o.opt('mh-password'),
        certificadoXml: fs.readFileSync(o.opt('certificado'), 'utf8'),
        certificadoPassword: o.opt('certificado-password'),
        sinCertificacion: o.flag('sin-certificacion'),
        motivo: o.optional('motivo'),
      });
      await auditarOperador(db, emisorId, 'EMISOR_PRODUCCION', 'emisor produccion', {
        detalles: {
          sinCertificacion: hecho.sinCertificacion,
          motivo: hecho.motivo,
          campana: hecho.campana?.estado ?? null,
          bajoCuotas:
            hecho.campana?.bajoCuotas.map((b) => `${b.clave}: ${b.planificados}/${b.cuota}`).join(', ') || null,
        },
      });
      print(hecho);
    },
    async list({ tenants }) {
      contados(await tenants.emisores(), 'emisor(es)');
    },
    async 'formato-pdf'(contexto, o) {
      await fijarFormatoPdf(contexto, o.id('emisor'), o.opt('formato'));
    },
    async 'enlace-vigencia'({ tenants, db }, o) {
      const emisorId = o.id('emisor');
      const dias = o.flag('servicio') ? null : Number(o.opt('dias'));
      // At least a day: a link that expires as it is made is no link; ten years is beyond any use.
      if (dias !== null && !(Number.isInteger(dias) && dias >= 1 && dias <= 3650))
        throw new Error('--dias must be a whole number of days from 1 to 3650');
      const hecho = await tenants.setVigenciaEnlace(emisorId, dias);
      await auditarOperador(db, emisorId, 'ENLACE_VIGENCIA_CAMBIADA', 'emisor enlace-vigencia', {
        detalles: { dias: hecho.enlaceVigenciaDias, anterior: hecho.anterior },
      });
      print(
        hecho,
        `the share links of emisor ${emisorId} work ${hecho.enlaceVigenciaDias ?? VIGENCIA_ENLACE_DOCUMENTO_DIAS} days`,
      );
    },
  }),
};

/** The emisor's logo set (`emisor logo`, `emisor branding --logo`) or removed, in its audit log. */
async function fijarLogo(
  { tenants, db, store }: Contexto,
  emisorId: number,
  logo: Buffer | null,
  comando = 'emisor logo',
) {
  const hecho = await tenants.setLogo(emisorId, store(), logo);
  await auditarOperador(db, emisorId, 'LOGO_CAMBIADO', comando, {
    detalles: { logoKey: hecho.logoKey, anterior: hecho.anterior },
  });
  return hecho;
}
