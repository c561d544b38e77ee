/**
 * Persistence: the database and its models, the documents on record and their estado, the tenants and
 * their secrets, and the object store of the documents' files. The API and the activities reach the
 * database only through here.
 */
export { connectDatabase, type Database } from './db/connection';
export { dteDe, dteGuardado, jsonGuardado, type DtesPorTipo } from './dte-guardado';
export type {
  CertificacionRecord,
  DocumentRecord,
  EmisorRecord,
  EstadoCertificacion,
  IntentoCorreo,
  Models,
} from './db/models';
export { certificacionId, ESTADOS_CERTIFICACION } from './db/models';
export { Certificaciones, COLUMNAS_INFORME, tiposAutorizados, type LineaInforme } from './certificaciones';
export { advanceHint, takeNext, takeOwned, type Disputa } from './db/insert-next';
export {
  correlativosDelEmisor,
  detallesDeCorrelativo,
  fijarCorrelativo,
  MAX_CORRELATIVO,
  sequenceIdOf,
  serieDeSecuencia,
  type FijarCorrelativo,
  type SequenceKey,
} from './correlativos';
export { appendToLedger, voidLedgerTake } from './db/ledger';
export { isDuplicateKey } from './db/duplicate-key';
export { TenantCache } from './db/tenant-cache';
export {
  clavesPendiente,
  Documents,
  type AnulacionRecord,
  type ClavesDocumento,
  type DocumentoImportado,
  type EventoContingenciaRecord,
  type ImportacionDocumento,
  type PendingDocument,
  type StoredDocumentRecord,
} from './documents';
export type { EntradaLista, FiltrosLista } from './lista';
export {
  archivoLocal,
  archivosDe,
  contarArchivos,
  leerArchivos,
  MAX_ARCHIVO,
  MAX_ARCHIVOS,
  type ArchivoImportado,
} from './importacion-archivos';
export { Importaciones, type Importacion, type ResultadoImportacion, type TotalesImportacion } from './importaciones';
export {
  archivoDte,
  documentDetailView,
  documentSummaryView,
  documentView,
  maskEmail,
  respuestaMhView,
  type DocumentDetailView,
  type DocumentSummaryView,
  type AnalisisHacienda,
  type DocumentRecordView,
  type StoredDocument,
} from './record-view';
export { issuerNotProvisioned, issuerRecords, loadIssuer, normativaDelEmisor, politicaDeCompras } from './issuer';
export {
  construirDocumento,
  vistaPreviaDelDocumento,
  type DocumentoConstruido,
  type FuentesDelDocumento,
  type Limites,
  type VistaPrevia,
} from './construccion';
export {
  comprobarAnulacion,
  comprobarEnsayoContingencia,
  documentoNoEncontrado,
  documentoPropio,
  pdfDelDocumento,
  solicitudRegistrada,
} from './guardias';
export { activeApiTokenByHash, hashToken, SecretBox, type ApiTokenRecord } from './secrets';
export { ObjectStore, type ObjectStoreOptions } from './object-store';
export { documentKeys } from './storage-keys';
export {
  endpointView,
  intentoView,
  MAX_ENDPOINTS,
  SOLAPE_ROTACION_MS,
  Webhooks,
  type EndpointRecord,
  type EndpointView,
  type IntentoEntrega,
} from './webhooks';
export { Conciliaciones, informeView, type InformeConciliacion, type InformeView } from './conciliaciones';
export { documentosDelPeriodo, documentosPorDia, recorrerLibro } from './libros';
export { comprasDelPeriodo, lotesDeLibro, type FuentesLibros, type LeeLibro } from './libros-compras';
export { LibrosEmisor } from './libros-emisor';
export {
  compraId,
  Compras,
  compraView,
  entradaDelPeriodo,
  type CompraRecord,
  type CompraView,
  type Entrante,
  type FiltrosCompras,
  type NuevaCompra,
} from './compras';
export { remitenteDe, Tenants, tipoDeLogo, type NewEmisor } from './tenants';
export { ClavesIdempotencia, type IdempotencyRecord } from './idempotencia';
export { SesionesConsola, type SesionDeUsuario, type SesionRecord } from './sesiones';
export { Buzones, buzonView, type BuzonRecord, type CredencialesBuzon, type InformeBuzon } from './buzones';
export {
  CODIGOS_DE_RECUPERACION,
  comprobarCodigoTotp,
  CONTRASENA_MAXIMA,
  CONTRASENA_MINIMA,
  hashCodigoDeRecuperacion,
  hashContrasena,
  nuevosCodigosDeRecuperacion,
  nuevoSecretoTotp,
  pasoTotp,
  qrTotpSvg,
  uriTotp,
  verificarContrasena,
} from './seguridad';
export { Auditoria, type EntradaAuditoria, type FiltrosAuditoria, type NuevaEntradaAuditoria } from './auditoria';
export {
  RechazoUsuario,
  rolEn,
  Usuarios,
  VIGENCIA_ENLACE_MS,
  type Membresia,
  type TipoEnlace,
  type UsuarioRecord,
} from './usuarios';
export { Personas } from './personas';
export {
  IntentosFallidos,
  LIMITE_POR_CUENTA,
  LIMITE_POR_DIRECCION,
  VENTANA_INTENTOS_MS,
  type ClaveIntento,
} from './intentos';
export { Libreta, registroView, type RegistroLibreta } from './libreta';
export { Clientes, type ClienteRecord } from './clientes';
export { Productos, type ProductoRecord } from './productos';
export { EnlacesDocumentos, hashEnlaceDocumento, VIGENCIA_ENLACE_DOCUMENTO_DIAS, type EnlaceVigente } from './enlaces';
