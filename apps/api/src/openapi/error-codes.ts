import type { ErrorCode } from '@dte/domain';

export interface ErrorCodeDoc {
  description: string;
  /** An error body of this code without `status` and `code`, as the API answers it. */
  example: { message: string } & Record<string, unknown>;
}

const CODIGO = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

/**
 * What each code means, for the ErrorCode schema and the reference page. A `Record` over the codes, so a
 * new `ErrorCode` does not compile until it is described here.
 */
export const ERROR_CODES: Record<ErrorCode, ErrorCodeDoc> = {
  VALIDATION_ERROR: {
    description:
      'The body (or a header or query parameter) is not valid: `errors` lists `{field, message}` per offending ' +
      'field (`body` for a missing body or one that is not JSON). Also a document that would break its MH ' +
      "schema, with MH's path as `field`.",
    example: {
      message: 'La solicitud tiene campos inválidos',
      errors: [{ field: 'items[0].cantidad', message: 'Demasiado pequeño: se esperaba que número fuera >0' }],
    },
  },
  RECEPTOR_VALIDATION_ERROR: {
    description:
      'DTE 03/05/06: required receptor fields are missing; `requiredFields` names them (tipoDocumento, ' +
      'numDocumento, nit, nombre) and `errors` carries every field error.',
    example: {
      message: 'Faltan datos requeridos del receptor',
      requiredFields: ['nit'],
      errors: [{ field: 'receptor.nit', message: 'Requerido' }],
    },
  },
  DOCUMENT_NOT_FOUND: {
    description:
      "No document of the token's emisor has that codigoGeneracion (another emisor's document is answered the same).",
    example: {
      message: `No existe un documento con codigoGeneracion ${CODIGO}`,
      codigoGeneracion: CODIGO,
    },
  },
  DOCUMENT_NOT_PROCESSED: {
    description:
      'The document is not PROCESSED by MH: the original of a DTE 05/06, the document to invalidate or its ' +
      'replacement (400; an anulación names the `field`), or a document to resend that has no sello yet (409).',
    example: {
      message: `El documento ${CODIGO} no fue aceptado por MH`,
      estado: 'REJECTED',
    },
  },
  INVALID_ORIGIN_TYPE: {
    description:
      'The original is of a type this operation does not take: a DTE 05/06 needs a DTE 03, a retorno a DTE 01 ' +
      'or 14, and a retorno cannot be invalidated. `tipoDte` is the original type.',
    example: {
      message: `El documento ${CODIGO} es un DTE 01; se requiere un DTE 03`,
      tipoDte: '01',
    },
  },
  INVALID_ORIGIN_STATUS: {
    description: 'Retorno: the original is not PROCESSED.',
    example: { message: `El documento ${CODIGO} no fue aceptado por MH`, estado: 'REJECTED' },
  },
  PERMISSION_DENIED: {
    description: 'The token lacks the permission the operation needs (`permission`).',
    example: { message: 'El token no tiene el permiso RETORNO', permission: 'RETORNO' },
  },
  ITEM_NOT_FOUND: {
    description: 'Retorno: a `numItem` is not a line of the original.',
    example: { message: 'El ítem 7 no existe en el documento original', numItem: 7 },
  },
  OVER_RETURN_ERROR: {
    description:
      'Retorno: the quantity plus earlier returns of the item exceeds the original quantity; `cantidadDisponible` ' +
      'is what is left.',
    example: {
      message: 'El ítem 1 solo tiene 2 por retornar',
      numItem: 1,
      cantidadRetorno: 3,
      cantidadDisponible: 2,
    },
  },
  AUTH_TOKEN_MISSING: {
    description: 'Neither `x-api-token` nor `Authorization: Bearer` was sent.',
    example: { message: 'Falta el token de API: envíe x-api-token o Authorization: Bearer <token>' },
  },
  AUTH_TOKEN_INVALID: {
    description:
      'The token does not exist or was revoked, or its emisor, establishment or point of sale no longer exist, ' +
      'do not belong together or were deactivated.',
    example: { message: 'El token de API no existe o fue revocado' },
  },
  AUTH_TOKEN_AMBIGUOUS: {
    description: '`x-api-token` and `Authorization: Bearer` carry different tokens; send one (or the same in both).',
    example: { message: 'x-api-token y Authorization traen tokens distintos: envíe uno solo, o el mismo en ambos' },
  },
  PDF_NOT_AVAILABLE: {
    description: 'Only documents MH accepted have a PDF; `estado` is the document state.',
    example: {
      message: 'El documento está REJECTED: solo los documentos aceptados tienen PDF',
      estado: 'REJECTED',
    },
  },
  IDEMPOTENCY_KEY_REUSED: {
    description:
      'The `Idempotency-Key` was already used by this point of sale with another request; `codigoGeneracion` ' +
      "is the first request's document.",
    example: {
      message: 'Esta Idempotency-Key ya se usó con otra solicitud; use una clave nueva para una operación distinta',
      codigoGeneracion: CODIGO,
    },
  },
  NOT_FOUND: {
    description: 'No route for this method and path (404).',
    example: { message: 'No route for GET /dte/dte99' },
  },
  INTERNAL_ERROR: {
    description: 'An unexpected failure; `requestId` (also the `X-Request-Id` header) finds it in the logs.',
    example: { message: 'Internal error', requestId: '6f1c2b1e-9a4d-4d7e-8f3a-2b5c7d9e0a11' },
  },
  SERVICE_UNAVAILABLE: {
    description:
      'POST /diagnostics/smoke: a component failed the smoke workflow (the message names it). GET /health ' +
      'reports failing dependencies in its own 503 body.',
    example: { message: 'La prueba falló: connect ECONNREFUSED 127.0.0.1:1025', workflowId: 'smoke-3c1e…' },
  },
  DOCUMENT_REJECTED: {
    description: 'Resend: MH rejected the document, so it is not a DTE for the receptor.',
    example: { message: 'Un documento rechazado por MH no puede reenviarse', estado: 'REJECTED' },
  },
  EMAIL_NOT_AVAILABLE: {
    description: 'Resend: the document has no receptor e-mail and the body gave no `email`.',
    example: { message: 'El documento no tiene correo del receptor: envíe email en el cuerpo' },
  },
  EMAIL_NOT_SENT: {
    description:
      'Resend: the SMTP server did not take the mail after three tries; `data` is the resend outcome with ' +
      '`correoEnviado` false.',
    example: {
      message: 'No se pudo enviar el correo a cliente@example.com',
      data: {
        codigoGeneracion: CODIGO,
        emailEnviado: 'cliente@example.com',
        correoEnviado: false,
        tipo: 'FACTURA_CONSUMIDOR_FINAL',
        estado: 'PROCESSED',
      },
    },
  },
  DOCUMENT_ALREADY_CANCELLED: {
    description: 'Anulación: the document is already invalidated.',
    example: { message: `El documento ${CODIGO} ya está anulado`, codigoGeneracion: CODIGO },
  },
  INVALIDATION_PERIOD_EXPIRED: {
    description:
      "Anulación: the document's window is over (90 days for DTE 01/14, 30 for 03/05/06/07 by default); " +
      '`limite` is when it ended.',
    example: {
      message: 'El plazo de anulación del DTE 03 (30 días) venció el 2025-10-15T16:20:00.000Z',
      plazoDias: 30,
      limite: '2025-10-15T16:20:00.000Z',
    },
  },
  INVALIDATION_REJECTED: {
    description:
      "Anulación: MH rejected the event; `data` carries MH's answer and reasons, and the document is unchanged.",
    example: {
      message: 'MH rechazó la invalidación: el documento no cambia',
      data: {
        aceptado: false,
        codigoGeneracion: CODIGO,
        estado: 'PROCESSED',
        eventoCodigoGeneracion: '9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D',
        selloRecibido: null,
        respuestaMh: {
          estado: 'RECHAZADO',
          version: 2,
          ambiente: '00',
          codigoMsg: '004',
          versionApp: 2,
          clasificaMsg: '98',
          observaciones: ['[documento.numDocumento] VALOR NO VALIDO'],
          selloRecibido: null,
          descripcionMsg: 'RECHAZADO',
          fhProcesamiento: '22/11/2025 10:15:30',
          codigoGeneracion: '9B1DEB4D-3B7D-4BAD-9BDD-2B0D7B3DCB6D',
        },
        observaciones: ['[documento.numDocumento] VALOR NO VALIDO'],
      },
    },
  },
  INVALIDATION_IN_PROGRESS: {
    description: 'Anulación: an invalidation of the same document is running.',
    example: { message: `Ya hay una anulación en curso de ${CODIGO}` },
  },
  DOCUMENT_HAS_RELATED: {
    description:
      'Anulación: notes of the CCF, or a retorno of the Factura, are in force (or on their way to MH); MH ' +
      'invalidates them first (028). `relacionados` lists them.',
    example: {
      message: `El documento ${CODIGO} tiene documentos relacionados vigentes: anúlelos primero`,
      relacionados: [
        { codigoGeneracion: '5F0E3B1C-0D6A-4E59-9C1B-7A2D4E6F8A90', tipo: 'NOTA_CREDITO', estado: 'PROCESSED' },
      ],
    },
  },
  CREDIT_EXCEEDS_ORIGINAL: {
    description:
      'DTE 05: the credit notes of the CCF would credit more than its montoTotalOperacion; `saldoDisponible` is what remains.',
    example: {
      message: 'La nota de crédito (120) excede el saldo del documento original (100.00)',
      montoTotalOperacion: 120,
      saldoDisponible: 100,
    },
  },
  EMISOR_DISTRITO_MISSING: {
    description:
      'Issuance in MH’s 2026 schemas (Normativa DTE 2.0): the token’s establishment has no distrito (CAT-008), ' +
      'or one outside its municipio, which those schemas require of the emisor. An administrator sets it (`npm run admin -- establecimiento ' +
      'distrito`); nothing was numbered or sent.',
    example: {
      message:
        'El establecimiento M001 del emisor no tiene distrito (CAT-008), que la Normativa DTE 2.0 exige; un ' +
        'administrador debe registrarlo (npm run admin -- establecimiento distrito)',
      codEstable: 'M001',
    },
  },
  MH_UNAVAILABLE: {
    description:
      'Anulación: MH did not answer within the invalidation’s retries (about a minute). The document is ' +
      'unchanged; repeat the request (with the same Idempotency-Key) after `retryAfter` seconds (also the ' +
      '`Retry-After` header): MH is asked first whether it already holds the invalidation.',
    example: {
      message: 'MH no respondió: el documento no cambió. Repita la solicitud (con la misma Idempotency-Key) más tarde',
      retryAfter: 60,
    },
  },
  PAYLOAD_TOO_LARGE: {
    description: 'The body is larger than API_BODY_LIMIT (5 MB by default); `limit` is that size in bytes.',
    example: { message: 'The body is too large', limit: 5242880 },
  },
  RATE_LIMITED: {
    description:
      'The token used up its requests per minute (RATE_LIMIT_PER_MINUTE, per API process); `retryAfter` (also ' +
      'the `Retry-After` header) is the seconds to wait.',
    example: {
      message: 'Demasiadas solicitudes con este token: el límite es 600 por minuto; reintente en 12 s',
      retryAfter: 12,
    },
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    description:
      '422 (`field` "url"): the endpoint\'s URL is not one the emisor\'s ambiente and the deployment admit: not ' +
      '`https:` outside ambiente TEST (00), credentials, control characters or characters a URL may not carry raw ' +
      '(a space, `"`, `<`, `>`…) in it, or, unless the deployment allows private destinations ' +
      '(`WEBHOOK_PERMITIR_DESTINOS_PRIVADOS`), a host that is or resolves to a private, loopback or link-local ' +
      'address (SSRF).',
    example: {
      message: 'La URL del webhook debe ser https: fuera del ambiente de pruebas',
      field: 'url',
      url: 'http://erp.example.com/dte-eventos',
    },
  },
  WEBHOOK_NOT_FOUND: {
    description: "404: the token's emisor has no endpoint with that id (another emisor's, or a deleted one, alike).",
    example: { message: 'El webhook whk_12_3 no existe', id: 'whk_12_3' },
  },
  WEBHOOK_LIMIT_REACHED: {
    description: '409: the emisor already has the most endpoints it may have (`maximo`); delete one first.',
    example: { message: 'El emisor ya tiene 10 webhooks: elimine uno antes de crear otro', maximo: 10 },
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    description:
      "404: the endpoint's delivery log has no event with that id (`eventoId` in `GET /webhooks/{id}/entregas`), " +
      'or it was logged before events were kept for redelivery.',
    example: { message: 'El webhook whk_12_3 no tiene una entrega msg_0a1b2c', id: 'whk_12_3', entrega: 'msg_0a1b2c' },
  },
  WEBHOOK_DISABLED: {
    description:
      '409: the endpoint is disabled (`deshabilitado` says why): it gets no event, a test or a redelivery ' +
      'either, until `POST /webhooks/{id}/habilitar` enables it again.',
    example: { message: 'El webhook whk_12_3 está deshabilitado: habilítelo antes', id: 'whk_12_3' },
  },
  CONCILIACION_NOT_FOUND: {
    description:
      '404: no reconciliation with MH of that day is stored for the emisor: the daily schedule reconciles the ' +
      'day before at CONCILIACION_HORA, and `npm run admin -- conciliar` any day.',
    example: { message: 'No hay conciliación con MH del 2026-11-23', fecha: '2026-11-23' },
  },
  BOOK_TOO_LARGE_FOR_PDF: {
    description:
      '422: the book has more lines than it is printed with (`maxLineas`, about 110 pages); ask for it with ' +
      '`formato=xlsx` or as JSON, which have no such bound.',
    example: { message: 'El libro tiene más de 5000 líneas: pídalo con formato=xlsx o json', maxLineas: 5000 },
  },
  CERTIFICATION_NOT_IN_TEST: {
    description: "409: certification runs in MH's test environment only; the emisor is in production (ambiente PROD).",
    example: { message: 'El emisor 7 está en ambiente PROD: la certificación se hace en ambiente TEST' },
  },
  CERTIFICATION_EXISTS: {
    description:
      "409: the emisor's campaign is running or paused (`reanudar` or `cancelar` it), or is complete: a " +
      'complete campaign is never run again. `estado` says which.',
    example: { message: 'El emisor 7 ya completó su certificación', estado: 'COMPLETA' },
  },
  CERTIFICATION_NOT_FOUND: {
    description: '404: the emisor has no certification campaign, or none running to resume or cancel.',
    example: { message: 'El emisor 7 no tiene una campaña de certificación en curso' },
  },
  CSRF_TOKEN_INVALID: {
    description:
      "403, web console only (`/consola`): a form came without the session's CSRF token, or with another one; nothing was done.",
    example: { message: 'El formulario no trae el token CSRF de la sesión: recargue la página' },
  },
  ARCHIVO_DTE_INVALID: {
    description:
      '400: what was sent to POST /compras is not an Archivo DTE: it lacks a codigoGeneracion, tipoDte, version, fecEmi ' +
      "(a day from 2021 to tomorrow) or the emisor's NIT, so it cannot be recorded; or no MH document looks like it " +
      '(nested more than 32 levels, an array inside an array, a field name that is not a word, over 200,000 values).',
    example: {
      message: 'Not an Archivo DTE: must be a UUID',
      errors: [{ field: 'identificacion.codigoGeneracion', message: 'must be a UUID' }],
    },
  },
  COMPRA_NOT_FOUND: {
    description: '404: the emisor has received no document with that codigoGeneracion.',
    example: { message: 'No document 4A1E… was received' },
  },
  COMPRA_NO_POR_CONFIRMAR: {
    description:
      '409: only a received document that waits for a person (POR_CONFIRMAR) is confirmed, and once: this one is in ' +
      'another estado (a person decided it already, or MH did not confirm it).',
    example: {
      message: 'El documento está CONFIRMADO: solo uno POR_CONFIRMAR se confirma',
      codigoGeneracion: '4A1E7B9C-2D3F-4E5A-8B6C-7D8E9F0A1B2C',
      estado: 'CONFIRMADO',
    },
  },
  BUZON_NOT_FOUND: {
    description: '404: the emisor has no mailbox configured (POST /buzon).',
    example: { message: 'El emisor 7 no tiene buzón configurado' },
  },
  BUZON_INACCESIBLE: {
    description:
      "502: the emisor's mailbox could not be read: its IMAP server refused the login or the folder, or could not be " +
      'reached. `detalle` carries what the server answered, or “No se pudo conectar con el servidor del buzón” ' +
      'whatever kept the connection from being made (a refused port, a silent one, a timeout: not told apart), or ' +
      'that the host is now a private address the deployment does not admit; GET /buzon keeps it as `ultimoError`.',
    example: { message: 'No se pudo leer el buzón', detalle: 'AUTHENTICATIONFAILED Authentication failed.' },
  },
  BUZON_HOST_NOT_ALLOWED: {
    description:
      '422 (`field` "host"): unless the deployment allows private destinations (`BUZON_PERMITIR_DESTINOS_PRIVADOS`), ' +
      "the mailbox's host may not be, or resolve to, a loopback, private, link-local (cloud metadata) or other " +
      'non-public address, in any IPv4 or IPv6 form (the policy of webhook URLs); a name that does not resolve is ' +
      'refused too.',
    example: {
      message: '169.254.169.254 es una dirección privada o local, que este servicio no admite',
      field: 'host',
      host: '169.254.169.254',
    },
  },
  CLIENTE_NOT_FOUND: {
    description: "404: the emisor's book has no customer with that id (another emisor's is answered the same).",
    example: { message: 'No existe el cliente cli_7_12', id: 'cli_7_12' },
  },
  CLIENTE_EXISTS: {
    description:
      "409: the emisor's book already has a customer with that tipoDocumento and numDocumento (a DUI or NIT as " +
      'its digits, another document without case or spaces); `id` is that customer, to read or change.',
    example: {
      message: 'El cliente 36 06140309151125 ya está en la libreta (cli_7_3)',
      id: 'cli_7_3',
      tipoDocumento: '36',
      numDocumento: '06140309151125',
    },
  },
  PRODUCTO_NOT_FOUND: {
    description: "404: the emisor's catalog has no product with that id (another emisor's is answered the same).",
    example: { message: 'No existe el producto prd_7_4', id: 'prd_7_4' },
  },
  PRODUCTO_EXISTS: {
    description:
      "409: the emisor's catalog already has a product with that código, whatever its case; `id` is that product.",
    example: { message: 'El producto CAF-1 ya está en el catálogo (prd_7_1)', id: 'prd_7_1', codigo: 'CAF-1' },
  },
  IMPORT_ROWS_INVALID: {
    description:
      '422: an import (`POST /clientes/importar`, `/productos/importar`) was refused whole, and nothing was ' +
      'imported: `errores` lists `{fila, campo, mensaje}` for each refusal, `fila` as the spreadsheet numbers it ' +
      '(the header is row 1, `campo` a column of it): a field the API body would refuse, a row that repeats ' +
      'another of the file, one already in the book (its `id` in the message), a header without a required ' +
      'column or with an unknown one.',
    example: {
      message: 'El archivo tiene 2 errores: no se importó ninguna fila',
      errores: [
        { fila: 3, campo: 'numDocumento', mensaje: 'El dígito verificador del NIT no corresponde: revise el número' },
        { fila: 7, campo: 'numDocumento', mensaje: 'Repite la fila 2' },
      ],
    },
  },
  MH_NOT_AWAITED: {
    description:
      '409: `POST /operaciones/sondeo` while no contingency of the emisor waits for MH: none is in progress, or ' +
      'MH already answered and the contingency is reporting its documents. There is nothing to probe.',
    example: { message: 'No hay una contingencia esperando a MH: no hay nada que sondear' },
  },
  IMPORTACION_INVALIDA: {
    description:
      '400: `POST /importaciones` without a file `archivo`, or with one that is neither an Archivo DTE (JSON) nor ' +
      'a ZIP holding at least one `.json` file. Nothing was stored.',
    example: { message: 'El archivo no es un Archivo DTE (JSON) ni un ZIP que los contenga' },
  },
  IMPORTACION_NOT_FOUND: {
    description: "404: the emisor has no import with that id (another emisor's import is answered the same).",
    example: { message: 'El emisor no tiene la importación 0B1E5B0E-…', importacionId: '0B1E5B0E-…' },
  },
  DOCUMENTO_IMPORTADO: {
    description:
      '409: `POST /dte/resend` of a document issued with another provider and imported: its receptor got it ' +
      'from that provider, and this service never sends it again.',
    example: { message: 'El documento se importó de otro proveedor: no se reenvía', codigoGeneracion: '…' },
  },
  CORRELATIVO_RETROCEDE: {
    description:
      "409: a correlativo series' next number (admin CLI `correlativo fijar`, console Configuración) at or below a " +
      'number the service already issued or reserved of it: numbers only move forward. `ultimo` is the last taken.',
    example: {
      message: 'El correlativo 1500 ya se emitió o se reservó en esta serie: el siguiente debe ser mayor que 1500',
      ultimo: 1500,
    },
  },
  LOGO_NOT_IMAGE: {
    description:
      "400: the emisor's logo (console Configuración, admin CLI `emisor logo`) is not a PNG or JPEG image, as " +
      'read from its first bytes, whatever its name says.',
    example: { message: 'El logo debe ser una imagen PNG o JPEG' },
  },
  LOGO_TOO_LARGE: {
    description: "400: the emisor's logo is larger than 512 KB; every PDF carries it.",
    example: { message: 'El logo pesa 900 KB: use uno de 512 KB como máximo' },
  },
};
