import { documentKind, DTE_TIPOS, DteError, ErrorCode, type DteTipo, type PlanCertificacion } from '@dte/domain';
import type { Database } from './db/connection';
import { certificacionId, type EstadoCertificacion } from './db/models';

/** The kinds a token may issue, by its permissions: what a campaign started with it may plan. */
export const tiposAutorizados = (permissions: readonly string[]): DteTipo[] =>
  DTE_TIPOS.filter((t) => permissions.includes(documentKind(t).permission));

/** What a campaign of the emisor may not start over. */
const VIGENTES: ReadonlySet<string> = new Set<EstadoCertificacion>(['EN_CURSO', 'PAUSADA']);

/**
 * The emisor's certification campaign as stored: the one record per emisor that outlives its workflow
 * (`emisor produccion` reads it). The API and the workflow refuse the same starts through here.
 */
export class Certificaciones {
  constructor(private readonly db: Database) {}

  /** The kinds the token may issue (none if it is gone or revoked). */
  async autorizados(tokenId: number): Promise<DteTipo[]> {
    const token = await this.db.models.ApiToken.findOne({ id: tokenId }, { permissions: 1, revokedAt: 1 }).lean();
    return !token || token.revokedAt ? [] : tiposAutorizados(token.permissions);
  }

  async leer(emisorId: number) {
    return this.db.models.Certificacion.findById(certificacionId(emisorId)).lean();
  }

  /**
   * Certification is MH's test environment's (Manual Funcional v1.2 §X): a PROD emisor gets 409, and so
   * does one whose campaign is complete (never run twice) or, unless `enCurso` admits it (the workflow
   * that is that campaign), one whose campaign is running or paused.
   */
  async comprobarInicio(emisorId: number, { enCurso = false } = {}): Promise<void> {
    const emisor = await this.db.models.Emisor.findOne({ id: emisorId }, { ambiente: 1 }).lean();
    if (!emisor) throw new DteError(ErrorCode.NOT_FOUND, 404, `El emisor ${emisorId} no existe`);
    if (emisor.ambiente !== '00')
      throw new DteError(
        ErrorCode.CERTIFICATION_NOT_IN_TEST,
        409,
        `El emisor ${emisorId} está en ambiente PROD: la certificación se hace en ambiente TEST`,
      );
    const campana = await this.leer(emisorId);
    if (campana?.estado === 'COMPLETA' || (!enCurso && campana && VIGENTES.has(campana.estado)))
      throw new DteError(
        ErrorCode.CERTIFICATION_EXISTS,
        409,
        campana.estado === 'COMPLETA'
          ? `El emisor ${emisorId} ya completó su certificación`
          : `La certificación del emisor ${emisorId} está ${campana.estado}: reanúdela o cancélela`,
        { estado: campana.estado },
      );
  }

  /** A campaign starts (again, after a cancelled one): the record is the new campaign's. */
  async iniciar(emisorId: number, plan: PlanCertificacion, workflowId: string): Promise<void> {
    await this.db.models.Certificacion.updateOne(
      { _id: certificacionId(emisorId) },
      {
        $set: { emisorId, estado: 'EN_CURSO', plan, workflowId, iniciadaEn: new Date(), completadaEn: null },
      },
      { upsert: true },
    );
  }

  async registrar(emisorId: number, estado: EstadoCertificacion): Promise<void> {
    await this.db.models.Certificacion.updateOne(
      { _id: certificacionId(emisorId) },
      { $set: { estado, completadaEn: estado === 'COMPLETA' ? new Date() : null } },
    );
  }
}
