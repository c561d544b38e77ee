import type { AmbienteCode, EmisorDte } from '../../emisor';
import { checkMhSchema } from '../../mh/schema-validator';
import type { MhSchemaName } from '../../mh/schemas';

type Json = Record<string, unknown>;

/** The accepted document being invalidated, as stored (a retorno has no numeroControl). */
export interface InvalidatedDocument {
  tipoDte: string;
  codigoGeneracion: string;
  selloRecibido: string;
  numeroControl: string | null;
  fecEmi: string;
  dteJson: Json;
}

export interface AnulacionContext {
  ambiente: AmbienteCode;
  /** The event's own codigoGeneracion (not the invalidated document's). */
  codigoGeneracion: string;
  /** The event's own date and time (El Salvador). */
  fecAnula: string;
  horAnula: string;
  emisor: EmisorDte;
  nomEstablecimiento: string;
}

/** The event's telephones allow only digits, `+` and `;`; stored ones may carry hyphens or spaces. */
export const telefonoEvento = (t: unknown) => (typeof t === 'string' ? t.replace(/[^0-9+;]/g, '') : null);

/**
 * Whom the invalidated document was issued to, as the event names them. A CCF (v3, v4) or an NC/ND v3
 * identifies its receptor by NIT (36); the FSE v1 calls it sujetoExcluido, the CD v1 `donante`, the
 * retorno `documento`.
 */
export function receptorDelDocumento(dte: Json) {
  const r = ((dte.receptor ?? dte.sujetoExcluido ?? dte.donante ?? dte.documento) as Json | null | undefined) ?? {};
  const porNit = r.tipoDocumento === undefined && r.nit != null;
  return {
    tipoDocumento: (porNit ? '36' : (r.tipoDocumento ?? null)) as string | null,
    numDocumento: (porNit ? r.nit : (r.numDocumento ?? null)) as string | null,
    nombre: (r.nombre ?? null) as string | null,
    telefono: telefonoEvento(r.telefono),
    correo: (r.correo ?? null) as string | null,
  };
}

/** A built invalidation event checked against its MH schema (400 VALIDATION_ERROR naming MH's paths). */
export const conEsquema = <E>(name: MhSchemaName, evento: E): E =>
  checkMhSchema(name, evento, 'El evento de invalidación');
