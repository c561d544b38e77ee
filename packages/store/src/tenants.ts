import { randomBytes } from 'node:crypto';
import type { Config } from '@dte/config';
import { Certificaciones } from './certificaciones';
import type { Database } from './db/connection';
import { takeNext } from './db/insert-next';
import type { EmisorRecord } from './db/models';
import { politicaDeCompras } from './issuer';
import type { ObjectStore } from './object-store';
import { hashToken, type SecretBox } from './secrets';
import {
  ambienteName,
  bajoCuotas,
  checkCertificadoPassword,
  direccionRequest,
  isMunicipioAnterior2024,
  generacionEn,
  municipioDelDistrito,
  normativaDe,
  nrcDelRegistro,
  parseCertificadoMH,
  parseRequest,
  versionEn,
  DTE_TIPOS,
  logoValido,
  remitenteValido,
  type Papel,
  type Remitente,
  type AmbienteCode,
  type Direccion,
  type DteError,
  type Generacion,
  type Normativa,
  type PlanCertificacion,
} from '@dte/domain';

/** What an emisor's cut-over now is, as the CLI prints it: the generation now and each kind's version. */
function vistaNormativa(emisorId: number, normativa: Normativa) {
  const ahora = generacionEn(normativa, new Date());
  return {
    emisorId,
    normativa: { generacion: normativa.generacion, desde: normativa.desde.toISOString(), origen: normativa.origen },
    generacionAhora: ahora,
    versiones: Object.fromEntries(DTE_TIPOS.map((t) => [t, versionEn(t, ahora)])),
  };
}

const LOGO_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The content type of a logo stored by `setBranding`, from its key's extension. */
export const tipoDeLogo = (key: string): string | undefined => LOGO_TYPES[key.slice(key.lastIndexOf('.') + 1)];

export interface NewEmisor {
  nit: string;
  nrc: string;
  nombre: string;
  nombreComercial?: string | null;
  codActividad: string;
  descActividad: string;
  direccion: Direccion;
  telefono: string;
  correo: string;
  ambiente: AmbienteCode;
  mhPassword: string;
  certificadoXml: string;
  certificadoPassword: string;
  branding?: { logoKey?: string | null; colorPrincipal?: string; colorSecundario?: string; colorFondo?: string };
}

/** The emisor's sender as set, or none. */
export const remitenteDe = (emisor: Pick<EmisorRecord, 'remitente'>): Remitente => ({
  nombre: emisor.remitente?.nombre ?? null,
  responderA: emisor.remitente?.responderA ?? null,
});

/** What MH gives an emisor for one of its environments: the API password and the certificate with its password. */
type CredencialesMh = Pick<NewEmisor, 'mhPassword' | 'certificadoXml' | 'certificadoPassword'>;

/**
 * The tenants' repository: emisores, their establishments and points of sale, and API tokens, as the
 * admin CLI creates, changes and lists them. Each refusal is an Error whose message the CLI prints.
 */
export class Tenants {
  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
  ) {}

  /** Every emisor, its secrets left out. */
  async emisores() {
    return this.db.models.Emisor.find({}, { secrets: 0, _id: 0 }).sort({ id: 1 }).lean();
  }

  /** The emisor, or a refusal naming it. */
  async emisor(emisorId: number) {
    const emisor = await this.db.models.Emisor.findOne({ id: emisorId }).lean();
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    return emisor;
  }

  /** Refuses an emisor that does not exist. */
  async comprobarEmisor(emisorId: number): Promise<void> {
    if (!(await this.db.models.Emisor.exists({ id: emisorId }))) throw new Error(`emisor ${emisorId} does not exist`);
  }

  /** The emisor with this NIT, if there is one. */
  async emisorPorNit(nit: string) {
    return this.db.models.Emisor.findOne({ nit });
  }

  async establecimientos(emisorId: number) {
    return this.db.models.Establecimiento.find({ emisorId }, { _id: 0 }).sort({ id: 1 }).lean();
  }

  /** The emisor's establishments without a distrito (CAT-008), which the 2026 schemas require. */
  async establecimientosSinDistrito(emisorId: number) {
    return this.db.models.Establecimiento.find({ emisorId, 'direccion.distrito': null }).lean();
  }

  async puntosVenta(emisorId: number) {
    return this.db.models.PuntoVenta.find({ emisorId }, { _id: 0 }).sort({ id: 1 }).lean();
  }

  /** The point of sale by the codes the emisor gave it and its establishment, if they exist. */
  async puntoVentaPorCodigos(emisorId: number, codEstable: string, codPuntoVenta: string) {
    const establecimiento = await this.db.models.Establecimiento.findOne({ emisorId, codEstable });
    return this.db.models.PuntoVenta.findOne({ establecimientoId: establecimiento!.id, codPuntoVenta });
  }

  /** The emisor's tokens, without their hash (`_id`). */
  async tokens(emisorId: number) {
    return this.db.models.ApiToken.find({ emisorId }, { _id: 0 }).sort({ id: 1 }).lean();
  }

  /** A token by its id alone, without its hash, revoked or not: the CLI names a token by its id. */
  async tokenPorId(tokenId: number) {
    return this.db.models.ApiToken.findOne({ id: tokenId }, { _id: 0 }).lean();
  }

  /** The emisor's token by its id, without its hash, revoked or not. */
  async token(emisorId: number, tokenId: number) {
    return this.db.models.ApiToken.findOne({ id: tokenId, emisorId }, { _id: 0 }).lean();
  }

  /** The emisor's machine tokens (not a person's) not revoked that carry `permiso`, oldest first, without their hash. */
  async tokensConPermiso(emisorId: number, permiso: string) {
    return this.db.models.ApiToken.find(
      { emisorId, revokedAt: null, permissions: permiso, usuarioId: null },
      { _id: 0 },
    )
      .sort({ id: 1 })
      .lean();
  }

  /** Whether this token (in clear) is one not revoked. */
  async tokenActivo(token: string): Promise<boolean> {
    return !!(await this.db.models.ApiToken.exists({ _id: hashToken(token), revokedAt: null }));
  }

  /** The token's permissions from now on. */
  async setPermisos(token: string, permissions: readonly string[]): Promise<void> {
    await this.db.models.ApiToken.updateOne({ _id: hashToken(token) }, { $set: { permissions: [...permissions] } });
  }

  async createEmisor(input: NewEmisor) {
    checkDireccion(input.direccion);
    const { Emisor } = this.db.models;
    const id = await takeNext(this.db.connection, 'emisor');
    await Emisor.create({
      id,
      slug: `${slugify(input.nombreComercial || input.nombre)}-${input.nit}`,
      nit: input.nit,
      nrc: nrcDelRegistro(input.nrc),
      nombre: input.nombre,
      nombreComercial: input.nombreComercial ?? null,
      codActividad: input.codActividad,
      descActividad: input.descActividad,
      direccion: input.direccion,
      telefono: input.telefono,
      correo: input.correo,
      ambiente: input.ambiente,
      clientId: id,
      secrets: this.secretos(input),
      branding: (input.branding ?? {}) as EmisorRecord['branding'],
    });
    return (await Emisor.findOne({ id }))!;
  }

  /**
   * Moves an emisor from MH's test environment to production with the credentials MH gives it there. MH
   * authorises production only after its test environment accepted the emisor's certification set (Manual
   * Funcional v1.2 §X), so it is refused while the emisor has no completed campaign or its campaign's plan
   * is below MH's quotas (`bajoCuotas`: a campaign may ask for fewer), unless `sinCertificacion` with the
   * person's `motivo` (certified elsewhere, or MH accepted fewer), which the caller records in the audit
   * log. Nothing changes when it is refused.
   */
  async pasarAProduccion(
    emisorId: number,
    input: CredencialesMh & { sinCertificacion: boolean; motivo: string | null },
  ) {
    const motivo = input.motivo?.trim() || null;
    if (input.sinCertificacion && !motivo)
      throw new Error(
        '--sin-certificacion needs --motivo: why the emisor goes to production without a campaign at MH quotas',
      );
    if (motivo && !input.sinCertificacion) throw new Error('--motivo goes with --sin-certificacion');
    const { Emisor } = this.db.models;
    const emisor = await Emisor.findOne({ id: emisorId }, { nit: 1, ambiente: 1 }).lean();
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    const yaEnProduccion = () => new Error(`emisor ${emisorId} is already in production (ambiente PROD)`);
    if (emisor.ambiente === '01') throw yaEnProduccion();
    let certificado;
    try {
      certificado = parseCertificadoMH(input.certificadoXml);
    } catch (err) {
      throw new Error(`--certificado is not MH's CertificadoMH: ${(err as Error).message}`);
    }
    if (certificado.nit !== emisor.nit)
      throw new Error(`the certificate is NIT ${certificado.nit}'s, not emisor ${emisorId}'s (NIT ${emisor.nit})`);
    if (!checkCertificadoPassword(certificado, input.certificadoPassword))
      throw new Error("--certificado-password does not open the certificate's private key");
    const campana = await new Certificaciones(this.db).leer(emisorId);
    // A campaign still running would go on issuing its test set, in production.
    if (campana?.estado === 'EN_CURSO' || campana?.estado === 'PAUSADA')
      throw new Error(`emisor ${emisorId}'s certification campaign is ${campana.estado}: let it complete or cancel it`);
    if (!input.sinCertificacion && campana?.estado !== 'COMPLETA')
      throw new Error(
        `emisor ${emisorId} has no completed certification campaign (${campana ? campana.estado : 'none started'}); ` +
          'complete one, or pass --sin-certificacion --motivo "<why>" if MH authorised the emisor otherwise',
      );
    const faltan = campana ? bajoCuotas(campana.plan as PlanCertificacion) : [];
    if (!input.sinCertificacion && faltan.length)
      throw new Error(
        `emisor ${emisorId}'s certification campaign is below MH's minimum quotas ` +
          `(${faltan.map((f) => `${f.clave}: ${f.planificados} of ${f.cuota}`).join(', ')}); ` +
          'complete a campaign at MH quotas, or pass --sin-certificacion --motivo "<why>" if MH authorised the emisor otherwise',
      );
    // Conditional on the test ambiente, so two runs at once move it once.
    const { matchedCount } = await Emisor.updateOne(
      { id: emisorId, ambiente: '00' },
      { $set: { ambiente: '01', secrets: this.secretos(input) } },
    );
    if (matchedCount !== 1) throw yaEnProduccion();
    return {
      emisorId,
      nit: emisor.nit,
      ambiente: ambienteName['01'],
      sinCertificacion: input.sinCertificacion,
      motivo,
      campana: campana ? { estado: campana.estado, bajoCuotas: faltan } : null,
    };
  }

  /** MH's credentials as stored, each encrypted (AES-256-GCM); the certificate holds the private key. */
  private secretos(input: CredencialesMh) {
    return {
      mhPassword: this.box.seal(input.mhPassword),
      certificado: this.box.seal(input.certificadoXml),
      certificadoPassword: this.box.seal(input.certificadoPassword),
    };
  }

  async createEstablecimiento(
    emisorId: number,
    input: {
      codEstable: string;
      codEstableMH: string;
      tipoEstablecimiento: string;
      nombre: string;
      direccion: Direccion;
      telefono: string;
    },
  ) {
    checkDireccion(input.direccion);
    const { Emisor, Establecimiento } = this.db.models;
    if (!(await Emisor.exists({ id: emisorId }))) throw new Error(`emisor ${emisorId} does not exist`);
    const id = await takeNext(this.db.connection, 'establecimiento');
    await Establecimiento.create({ id, emisorId, ...input });
    return (await Establecimiento.findOne({ id }))!;
  }

  async createPuntoVenta(
    emisorId: number,
    establecimientoId: number,
    input: { codPuntoVenta: string; codPuntoVentaMH: string },
  ) {
    const { PuntoVenta } = this.db.models;
    await this.establecimientoDe(emisorId, establecimientoId);
    const id = await takeNext(this.db.connection, 'punto_venta');
    await PuntoVenta.create({ id, emisorId, establecimientoId, ...input });
    return (await PuntoVenta.findOne({ id }))!;
  }

  /** The colours `#RRGGBB` of the emisor's PDFs; its logo is `setLogo`'s. */
  async setColores(
    emisorId: number,
    colores: Partial<Record<'colorPrincipal' | 'colorSecundario' | 'colorFondo', string>>,
  ) {
    const { Emisor } = this.db.models;
    await this.comprobarEmisor(emisorId);
    for (const [name, value] of Object.entries(colores)) {
      if (!/^#[0-9A-Fa-f]{6}$/.test(value)) throw new Error(`${name} must be #RRGGBB, got ${value}`);
    }
    if (Object.keys(colores).length)
      await Emisor.updateOne(
        { id: emisorId },
        { $set: Object.fromEntries(Object.entries(colores).map(([k, v]) => [`branding.${k}`, v.toUpperCase()])) },
      );
    return (await Emisor.findOne({ id: emisorId }, { branding: 1, _id: 0 }).lean())!.branding;
  }

  /**
   * The emisor's logo on its PDFs (`logoValido`: PNG or JPEG, MAX_BYTES_LOGO at most), put in storage at
   * `emisores/<slug>/branding/logo.<ext>`; null removes it (the stored file stays, unreferenced, as the
   * PDFs already made do not need it). Answers the logo's key before and after, for the audit log.
   */
  async setLogo(emisorId: number, store: ObjectStore, logo: Buffer | null) {
    const { Emisor } = this.db.models;
    const formato = logo && logoValido(logo);
    const emisor = await Emisor.findOne({ id: emisorId }, { slug: 1, branding: 1 }).lean();
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    const logoKey = formato && `emisores/${emisor.slug}/branding/logo.${formato.ext}`;
    if (logo && logoKey) await store.put(logoKey, logo, formato.tipo);
    await Emisor.updateOne({ id: emisorId }, { $set: { 'branding.logoKey': logoKey } });
    return { emisorId, logoKey, anterior: emisor.branding?.logoKey ?? null };
  }

  /**
   * The emisor's own sender on its receptors' e-mails (`remitenteValido`; null fields: MAIL_FROM's name,
   * no Reply-To); a field not given stays as it was. Answers the sender before and after, for the audit log.
   */
  async setRemitente(emisorId: number, cambio: { nombre?: string | null; responderA?: string | null }) {
    const { Emisor } = this.db.models;
    const antes = await Emisor.findOne({ id: emisorId }, { remitente: 1 }).lean();
    if (!antes) throw new Error(`emisor ${emisorId} does not exist`);
    const anterior = remitenteDe(antes);
    const remitente = remitenteValido({ ...anterior, ...cambio });
    await Emisor.updateOne({ id: emisorId }, { $set: { remitente } });
    return {
      emisorId,
      remitente,
      anterior,
      /** The audit log's entry: its values are flat. */
      detalles: {
        nombre: remitente.nombre,
        responderA: remitente.responderA,
        nombreAnterior: anterior.nombre,
        responderAAnterior: anterior.responderA,
      },
    };
  }

  /** The emisor's own distrito (CAT-008), one of its address's municipio. */
  async setDistritoEmisor(emisorId: number, distrito: string) {
    const { Emisor } = this.db.models;
    const emisor = await Emisor.findOne({ id: emisorId }, { direccion: 1 }).lean();
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    checkDistrito(emisor.direccion as Direccion, distrito, `emisor ${emisorId}`);
    await Emisor.updateOne({ id: emisorId }, { $set: { 'direccion.distrito': distrito } });
    return { emisorId, direccion: { ...emisor.direccion, distrito } };
  }

  /** An establishment's distrito (CAT-008), one of its address's municipio: its DTEs carry it. */
  async setDistritoEstablecimiento(establecimientoId: number, distrito: string) {
    const { Establecimiento } = this.db.models;
    const establecimiento = await Establecimiento.findOne({ id: establecimientoId }, { direccion: 1 }).lean();
    if (!establecimiento) throw new Error(`establecimiento ${establecimientoId} does not exist`);
    checkDistrito(establecimiento.direccion as Direccion, distrito, `establecimiento ${establecimientoId}`);
    await Establecimiento.updateOne({ id: establecimientoId }, { $set: { 'direccion.distrito': distrito } });
    return { establecimientoId, direccion: { ...establecimiento.direccion, distrito } };
  }

  /**
   * The emisor's own cut-over: from `desde` it issues in `generacion`, before it in the other one. The
   * 2026 schemas require the distrito of the emisor's establishments, so a switch to 2026 is refused
   * while one lacks it (or the emisor itself), rather than refusing its documents later.
   */
  async setNormativa(emisorId: number, generacion: Generacion, desde: Date) {
    if (generacion === '2026') await this.checkDistritos2026(emisorId);
    else await this.emisorExiste(emisorId);
    await this.db.models.Emisor.updateOne({ id: emisorId }, { $set: { normativa: { generacion, desde } } });
    return vistaNormativa(emisorId, { generacion, desde, origen: 'EMISOR' });
  }

  /**
   * The emisor back on the service's cut-over (`servicio`, NORMATIVA_2026_DESDE): its own is removed, so
   * an emisor once moved back to 2023 moves to 2026 when the service does. That cut-over is to 2026, so
   * the distritos are checked as for a switch to 2026.
   */
  async setNormativaDelServicio(emisorId: number, servicio: Date) {
    await this.checkDistritos2026(emisorId);
    await this.db.models.Emisor.updateOne({ id: emisorId }, { $set: { normativa: null } });
    return vistaNormativa(emisorId, normativaDe(null, servicio));
  }

  /**
   * Which received documents of the emisor wait for a person (`PoliticaCompras`): its own amount (null: the
   * service's COMPRAS_MONTO_CONFIRMACION again) and whether a supplier's first waits; what is not given is
   * left as it was. Answers the policy in force.
   */
  async setPoliticaCompras(
    emisorId: number,
    config: Pick<Config, 'COMPRAS_MONTO_CONFIRMACION'>,
    cambio: { montoConfirmacion?: string | null; primeroDelProveedor?: boolean },
  ) {
    if (cambio.montoConfirmacion != null && !/^\d{1,11}(\.\d{1,2})?$/.test(cambio.montoConfirmacion))
      throw new Error(`--monto-confirmacion ${cambio.montoConfirmacion} is not an amount in USD, e.g. 500.00`);
    const emisor = await this.db.models.Emisor.findOne({ id: emisorId }, { compras: 1 }).lean();
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    const compras = {
      montoConfirmacion: emisor.compras?.montoConfirmacion ?? null,
      primeroDelProveedor: emisor.compras?.primeroDelProveedor ?? false,
      ...cambio,
    };
    await this.db.models.Emisor.updateOne({ id: emisorId }, { $set: { compras } });
    return { emisorId, ...politicaDeCompras({ compras }, config), propio: compras.montoConfirmacion !== null };
  }

  /**
   * The paper of the PDFs of the emisor's documents (`puntoVentaId` absent), or of a point of sale's, when
   * GET /dte/pdf names none; null removes the setting (the point of sale follows its emisor, the emisor
   * Letter). Answers the setting before and after, for the audit log.
   */
  async setFormatoPdf(
    emisorId: number,
    formatoPdf: Papel | null,
    puntoVentaId?: number,
  ): Promise<{ emisorId: number; puntoVentaId: number | null; formatoPdf: Papel | null; anterior: Papel | null }> {
    const { Emisor, PuntoVenta } = this.db.models;
    const antes =
      puntoVentaId === undefined
        ? await Emisor.findOneAndUpdate({ id: emisorId }, { $set: { formatoPdf } }).lean()
        : await PuntoVenta.findOneAndUpdate({ id: puntoVentaId, emisorId }, { $set: { formatoPdf } }).lean();
    if (!antes)
      throw new Error(
        puntoVentaId === undefined
          ? `emisor ${emisorId} does not exist`
          : `punto de venta ${puntoVentaId} does not exist or is not of emisor ${emisorId}`,
      );
    return {
      emisorId,
      puntoVentaId: puntoVentaId ?? null,
      formatoPdf,
      anterior: (antes.formatoPdf as Papel | null | undefined) ?? null,
    };
  }

  /**
   * How many days the share links of the emisor's documents work (null: the default); answers the setting
   * before and after, for the audit log. A link keeps the expiry it was made with.
   */
  async setVigenciaEnlace(
    emisorId: number,
    dias: number | null,
  ): Promise<{ emisorId: number; enlaceVigenciaDias: number | null; anterior: number | null }> {
    const antes = await this.db.models.Emisor.findOneAndUpdate(
      { id: emisorId },
      { $set: { enlaceVigenciaDias: dias } },
    ).lean();
    if (!antes) throw new Error(`emisor ${emisorId} does not exist`);
    return { emisorId, enlaceVigenciaDias: dias, anterior: antes.enlaceVigenciaDias ?? null };
  }

  /** Whether every person of the emisor must use a second factor (as written now, not as cached). */
  async segundoFactorObligatorio(emisorId: number): Promise<boolean> {
    const emisor = await this.db.models.Emisor.findOne({ id: emisorId }, { segundoFactorObligatorio: 1 }).lean();
    return !!emisor?.segundoFactorObligatorio;
  }

  /** The administrator's rule that every person of the emisor uses a second factor, set or lifted. */
  async setSegundoFactorObligatorio(emisorId: number, obligatorio: boolean): Promise<void> {
    const res = await this.db.models.Emisor.updateOne(
      { id: emisorId },
      { $set: { segundoFactorObligatorio: obligatorio } },
    );
    if (res.matchedCount !== 1) throw new Error(`emisor ${emisorId} does not exist`);
  }

  /**
   * A new token for a person's membership in the emisor (`Personas`): on the emisor's first active point of
   * sale, named after the person, its secret dropped at once, so only the console's session acts with it.
   */
  async createTokenDePersona(
    emisorId: number,
    usuario: { id: string; nombre: string; correo: string },
    permissions: readonly string[],
  ) {
    const { Establecimiento, PuntoVenta, ApiToken } = this.db.models;
    const establecimientos = await Establecimiento.find({ emisorId, activo: { $ne: false } })
      .sort({ id: 1 })
      .lean();
    const puntos = await PuntoVenta.find({
      establecimientoId: { $in: establecimientos.map((e) => e.id) },
      activo: { $ne: false },
    })
      .sort({ id: 1 })
      .lean();
    const puntoVenta = establecimientos.flatMap((e) => puntos.filter((p) => p.establecimientoId === e.id))[0];
    if (!puntoVenta) throw new Error(`emisor ${emisorId} has no active point of sale to work on`);
    const { record } = await this.createToken({
      emisorId,
      establecimientoId: puntoVenta.establecimientoId,
      puntoVentaId: puntoVenta.id,
      name: `${usuario.nombre} (${usuario.correo})`,
      permissions,
    });
    await ApiToken.updateOne({ id: record.id }, { $set: { usuarioId: usuario.id } });
    return { id: record.id, hash: record._id };
  }

  private async emisorExiste(emisorId: number) {
    const emisor = await this.db.models.Emisor.findOne({ id: emisorId }, { direccion: 1 }).lean();
    if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
    return emisor;
  }

  /** The 2026 schemas require a distrito of the emisor and of each of its establishments. */
  private async checkDistritos2026(emisorId: number) {
    const emisor = await this.emisorExiste(emisorId);
    const sinDistrito = [
      ...(emisor.direccion.distrito ? [] : [`the emisor (npm run admin -- emisor distrito --emisor ${emisorId})`]),
      ...(await this.db.models.Establecimiento.find({ emisorId }, { id: 1, codEstable: 1, direccion: 1 }).lean())
        .filter((e) => !e.direccion.distrito)
        .map(
          (e) =>
            `establecimiento ${e.id} ${e.codEstable} (npm run admin -- establecimiento distrito --establecimiento ${e.id})`,
        ),
    ];
    if (sinDistrito.length)
      throw new Error(
        `MH's 2026 schemas require a distrito (CAT-008) that these lack; set it first: ${sinDistrito.join('; ')}`,
      );
  }

  /** Returns the token once; only its hash is stored. */
  async createToken(input: {
    emisorId: number;
    establecimientoId: number;
    puntoVentaId: number;
    name: string;
    permissions: readonly string[];
    token?: string;
  }) {
    const token = input.token ?? `dte_${randomBytes(24).toString('base64url')}`;
    const { ApiToken, PuntoVenta } = this.db.models;
    const establecimiento = await this.establecimientoDe(input.emisorId, input.establecimientoId);
    const puntoVenta = await PuntoVenta.findOne({ id: input.puntoVentaId }).lean();
    if (!puntoVenta || puntoVenta.establecimientoId !== input.establecimientoId)
      throw new Error(
        `punto de venta ${input.puntoVentaId} does not exist in establecimiento ${input.establecimientoId} of emisor ${input.emisorId}`,
      );
    if (establecimiento.activo === false || puntoVenta.activo === false)
      throw new Error(
        `establecimiento ${input.establecimientoId} or punto de venta ${input.puntoVentaId} is deactivated`,
      );
    const id = await takeNext(this.db.connection, 'api_token');
    await ApiToken.create({
      id,
      emisorId: input.emisorId,
      establecimientoId: input.establecimientoId,
      puntoVentaId: input.puntoVentaId,
      name: input.name,
      _id: hashToken(token),
      permissions: [...input.permissions],
    });
    return { token, record: (await ApiToken.findOne({ id }))! };
  }

  /** The establishment, if it is the emisor's; a clear refusal otherwise (the CLI prints it). */
  private async establecimientoDe(emisorId: number, establecimientoId: number) {
    const establecimiento = await this.db.models.Establecimiento.findOne({ id: establecimientoId }).lean();
    if (!establecimiento || establecimiento.emisorId !== emisorId)
      throw new Error(`establecimiento ${establecimientoId} does not exist or is not of emisor ${emisorId}`);
    return establecimiento;
  }

  /**
   * Deactivates (or reactivates) an establishment or a point of sale: its tokens stop issuing (401), while
   * its documents keep it, and are still reported and invalidated under it.
   */
  async setActivo(que: 'establecimiento' | 'punto-venta', id: number, activo: boolean) {
    const { Establecimiento, PuntoVenta } = this.db.models;
    const res =
      que === 'establecimiento'
        ? await Establecimiento.updateOne({ id }, { $set: { activo } })
        : await PuntoVenta.updateOne({ id }, { $set: { activo } });
    if (res.matchedCount !== 1) throw new Error(`${que} ${id} does not exist`);
    return { [que === 'establecimiento' ? 'establecimientoId' : 'puntoVentaId']: id, activo };
  }

  /**
   * Deletes an establishment (with its points of sale) or a point of sale that no document names, and
   * revokes its tokens; one with documents can only be deactivated, as its documents must keep it.
   */
  async delete(que: 'establecimiento' | 'punto-venta', id: number) {
    const { Establecimiento, PuntoVenta, ApiToken, Document } = this.db.models;
    const porEstablecimiento = que === 'establecimiento';
    const existe = porEstablecimiento ? await Establecimiento.exists({ id }) : await PuntoVenta.exists({ id });
    if (!existe) throw new Error(`${que} ${id} does not exist`);
    const documentos = await Document.countDocuments(porEstablecimiento ? { branchId: id } : { pointOfSaleId: id });
    if (documentos > 0)
      throw new Error(`${que} ${id} issued ${documentos} documents, which keep it: deactivate it instead`);
    const filtro = porEstablecimiento ? { establecimientoId: id } : { puntoVentaId: id };
    await ApiToken.updateMany({ ...filtro, revokedAt: null }, { $set: { revokedAt: new Date() } });
    if (porEstablecimiento) {
      await PuntoVenta.deleteMany({ establecimientoId: id });
      await Establecimiento.deleteOne({ id });
    } else await PuntoVenta.deleteOne({ id });
    return { [porEstablecimiento ? 'establecimientoId' : 'puntoVentaId']: id, deleted: true };
  }

  async revokeToken(id: number): Promise<boolean> {
    const res = await this.db.models.ApiToken.updateOne({ id, revokedAt: null }, { $set: { revokedAt: new Date() } });
    return res.modifiedCount === 1;
  }
}

/**
 * An address as requests take it: departamento, municipio and (optional) distrito of that municipio, from MH's
 * catalogs; and the 2024 municipio, since the emisor's addresses go on its documents of both generations.
 */
function checkDireccion(direccion: Direccion): void {
  try {
    parseRequest(direccionRequest, direccion);
  } catch (err) {
    const errors = ((err as DteError).details?.['errors'] as { field: string; message: string }[] | undefined) ?? [];
    throw new Error(`invalid address: ${errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  }
  if (isMunicipioAnterior2024(direccion.departamento, direccion.municipio)) {
    const suyo = municipioDelDistrito(direccion.departamento, direccion.municipio)!;
    throw new Error(
      `invalid address: municipio ${direccion.municipio} is a pre-2024 code; give its 2024 municipio ` +
        `(CAT-013 ${suyo.codigo}, ${suyo.nombre}) and this code as --distrito`,
    );
  }
}

/** The distrito set on a stored address: the address with it must pass `checkDireccion`. */
function checkDistrito(direccion: Direccion, distrito: string, quien: string): void {
  try {
    checkDireccion({ ...direccion, distrito });
  } catch (err) {
    throw new Error(`${quien}: ${(err as Error).message}`);
  }
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
}
