/**
 * The one error type of the service. Every refusal carries a stable code and the HTTP status the
 * API answers with; the API maps it to `{"status":"error","code","message",...details}` in one place.
 */
export class DteError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly httpStatus: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DteError';
  }
}

export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  RECEPTOR_VALIDATION_ERROR: 'RECEPTOR_VALIDATION_ERROR',
  DOCUMENT_NOT_FOUND: 'DOCUMENT_NOT_FOUND',
  DOCUMENT_NOT_PROCESSED: 'DOCUMENT_NOT_PROCESSED',
  INVALID_ORIGIN_TYPE: 'INVALID_ORIGIN_TYPE',
  INVALID_ORIGIN_STATUS: 'INVALID_ORIGIN_STATUS',
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  ITEM_NOT_FOUND: 'ITEM_NOT_FOUND',
  OVER_RETURN_ERROR: 'OVER_RETURN_ERROR',
  AUTH_TOKEN_MISSING: 'AUTH_TOKEN_MISSING',
  AUTH_TOKEN_INVALID: 'AUTH_TOKEN_INVALID',
  /** `x-api-token` and `Authorization` name different tokens. */
  AUTH_TOKEN_AMBIGUOUS: 'AUTH_TOKEN_AMBIGUOUS',
  PDF_NOT_AVAILABLE: 'PDF_NOT_AVAILABLE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  NOT_FOUND: 'NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** MH did not answer within the retries of a request the API waits for (invalidation); repeat it later. */
  MH_UNAVAILABLE: 'MH_UNAVAILABLE',
  DOCUMENT_REJECTED: 'DOCUMENT_REJECTED',
  EMAIL_NOT_AVAILABLE: 'EMAIL_NOT_AVAILABLE',
  EMAIL_NOT_SENT: 'EMAIL_NOT_SENT',
  DOCUMENT_ALREADY_CANCELLED: 'DOCUMENT_ALREADY_CANCELLED',
  INVALIDATION_PERIOD_EXPIRED: 'INVALIDATION_PERIOD_EXPIRED',
  INVALIDATION_REJECTED: 'INVALIDATION_REJECTED',
  INVALIDATION_IN_PROGRESS: 'INVALIDATION_IN_PROGRESS',
  /** Notes of a CCF, or a retorno of a Factura, are in force: MH invalidates them first. */
  DOCUMENT_HAS_RELATED: 'DOCUMENT_HAS_RELATED',
  CREDIT_EXCEEDS_ORIGINAL: 'CREDIT_EXCEEDS_ORIGINAL',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** The issuing establishment has no distrito of its municipio, which the 2026 schemas require of the emisor. */
  EMISOR_DISTRITO_MISSING: 'EMISOR_DISTRITO_MISSING',
  /** A webhook URL the emisor's ambiente does not admit (not https outside TEST, a private address for PROD). */
  WEBHOOK_URL_NOT_ALLOWED: 'WEBHOOK_URL_NOT_ALLOWED',
  /** The emisor's endpoint does not exist (or is another emisor's). */
  WEBHOOK_NOT_FOUND: 'WEBHOOK_NOT_FOUND',
  /** The emisor already has the most endpoints it may have. */
  WEBHOOK_LIMIT_REACHED: 'WEBHOOK_LIMIT_REACHED',
  /** The endpoint's delivery log has no event with that id, or kept no payload of it to send again. */
  WEBHOOK_DELIVERY_NOT_FOUND: 'WEBHOOK_DELIVERY_NOT_FOUND',
  /** The endpoint is disabled: it gets nothing, a test or a redelivery either, until it is enabled again. */
  WEBHOOK_DISABLED: 'WEBHOOK_DISABLED',
  /** No reconciliation with MH of that day is stored for the emisor. */
  CONCILIACION_NOT_FOUND: 'CONCILIACION_NOT_FOUND',
  /** The book has more lines than a PDF is printed for; the spreadsheet or the JSON has them all. */
  BOOK_TOO_LARGE_FOR_PDF: 'BOOK_TOO_LARGE_FOR_PDF',
  /** A certification campaign is for MH's test environment: the emisor is in production. */
  CERTIFICATION_NOT_IN_TEST: 'CERTIFICATION_NOT_IN_TEST',
  /** The emisor's campaign is running, paused, or already complete (a complete one is never run again). */
  CERTIFICATION_EXISTS: 'CERTIFICATION_EXISTS',
  /** The emisor has no certification campaign (or none in the state the request needs). */
  CERTIFICATION_NOT_FOUND: 'CERTIFICATION_NOT_FOUND',
  /** A web console form came without its session's CSRF token (or with another): nothing was done. */
  CSRF_TOKEN_INVALID: 'CSRF_TOKEN_INVALID',
  /** What was received as a supplier's document is not an Archivo DTE (no codigoGeneracion, tipoDte, fecEmi, emisor). */
  ARCHIVO_DTE_INVALID: 'ARCHIVO_DTE_INVALID',
  /** The emisor has received no document with that codigoGeneracion. */
  COMPRA_NOT_FOUND: 'COMPRA_NOT_FOUND',
  /** Only a received document that waits for a person (POR_CONFIRMAR) is confirmed, once. */
  COMPRA_NO_POR_CONFIRMAR: 'COMPRA_NO_POR_CONFIRMAR',
  /** The emisor has no mailbox configured (POST /buzon). */
  BUZON_NOT_FOUND: 'BUZON_NOT_FOUND',
  /** The emisor's mailbox could not be read: its server refused the connection, the login or the folder. */
  BUZON_INACCESIBLE: 'BUZON_INACCESIBLE',
  /** The mailbox's host is, or resolves to, an address the deployment does not let a tenant reach. */
  BUZON_HOST_NOT_ALLOWED: 'BUZON_HOST_NOT_ALLOWED',
  /** The emisor's book has no customer with that id (another emisor's is answered the same). */
  CLIENTE_NOT_FOUND: 'CLIENTE_NOT_FOUND',
  /** The emisor's book already has a customer with that tipoDocumento and numDocumento. */
  CLIENTE_EXISTS: 'CLIENTE_EXISTS',
  /** The emisor's catalog has no product with that id (another emisor's is answered the same). */
  PRODUCTO_NOT_FOUND: 'PRODUCTO_NOT_FOUND',
  /** The emisor's catalog already has a product with that código. */
  PRODUCTO_EXISTS: 'PRODUCTO_EXISTS',
  /** An import's file has rows refused, or already in the book: nothing was imported. */
  IMPORT_ROWS_INVALID: 'IMPORT_ROWS_INVALID',
  /** No contingency of the emisor is waiting for MH to answer (none in progress, or MH already answered). */
  MH_NOT_AWAITED: 'MH_NOT_AWAITED',
  /** What was given to import is neither an Archivo DTE (JSON) nor a ZIP holding any. */
  IMPORTACION_INVALIDA: 'IMPORTACION_INVALIDA',
  /** The emisor has no import with that id (another emisor's is answered the same). */
  IMPORTACION_NOT_FOUND: 'IMPORTACION_NOT_FOUND',
  /** The document was issued with another provider and imported: it is not sent again to MH or its receptor. */
  DOCUMENTO_IMPORTADO: 'DOCUMENTO_IMPORTADO',
  /**
   * A correlativo series' next number set at or below a number the service already took of it (issued or
   * reserved): numbers only move forward. `ultimo` is the last one taken.
   */
  CORRELATIVO_RETROCEDE: 'CORRELATIVO_RETROCEDE',
  /** An emisor's logo that is not a PNG or JPEG image, read from its bytes. */
  LOGO_NOT_IMAGE: 'LOGO_NOT_IMAGE',
  /** An emisor's logo larger than MAX_BYTES_LOGO. */
  LOGO_TOO_LARGE: 'LOGO_TOO_LARGE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export function validationError(message: string, fields: { field: string; message: string }[]): DteError {
  return new DteError(ErrorCode.VALIDATION_ERROR, 400, message, { errors: fields });
}
