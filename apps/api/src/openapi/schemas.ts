import { z } from 'zod';
import {
  DTE_TIPOS,
  EVENTOS_WEBHOOK,
  GENERACIONES,
  TIPOS_DIFERENCIA,
  TIPOS_EVENTO_ENTREGA,
  TIPOS_POR_LIBRO,
  type ErrorCode,
} from '@dte/domain';
import type { AnulacionResult, RespuestaMhView, SmokeResult } from '@dte/contract';
import type {
  AnalisisHacienda,
  DocumentDetailView,
  DocumentRecordView,
  DocumentSummaryView,
  EndpointView,
  InformeView,
  intentoView,
  VistaPrevia,
} from '@dte/store';
import { ERROR_CODES } from './error-codes';

/**
 * The response bodies, written as zod schemas so they are checked against the types the routes answer with
 * (`satisfies`) and converted to JSON Schema like the request bodies. A schema with an `id` in zod's global
 * registry (`.meta`) is a component of the document under that name.
 */

const uuid = z
  .string()
  .regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/)
  .describe('UUID, upper case');

const tipo = z.enum(DTE_TIPOS).describe('Document kind');
/** A document's estado on the list and in its own record, where one waiting for MH is PENDIENTE. */
const estadoListado = z
  .enum(['PENDIENTE', 'PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED'])
  .describe(
    'PENDIENTE: numbered, signed and saved, MH’s verdict not known yet (listed from that moment); PROCESSED: ' +
      'accepted by MH; REJECTED; CONTINGENCIA: issued while MH did not answer; CANCELLED: invalidated',
  );
const esperaSegundos = z
  .number()
  .int()
  .nullable()
  .describe(
    'PENDIENTE only: whole seconds it has waited for MH’s verdict since it was numbered, at this answer; null otherwise',
  );
const estado = z
  .enum(['PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED'])
  .describe(
    'PROCESSED: accepted by MH; REJECTED; CONTINGENCIA: issued while MH did not answer; CANCELLED: invalidated',
  );

const errorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
  id: 'ErrorCode',
  description:
    'Every `code` an error body can carry.\n\n| code | meaning |\n| --- | --- |\n' +
    Object.entries(ERROR_CODES)
      .map(([code, { description }]) => `| \`${code}\` | ${description.replaceAll('|', '\\|')} |`)
      .join('\n'),
  // Redoc's extension; the reference page reads it too.
  'x-enumDescriptions': Object.fromEntries(Object.entries(ERROR_CODES).map(([code, d]) => [code, d.description])),
});

export const errorBody = z
  .looseObject({
    status: z.literal('error'),
    code: errorCode,
    message: z.string().describe('Human-readable, in Spanish'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('VALIDATION_ERROR, RECEPTOR_VALIDATION_ERROR: one entry per offending field (`items[0].cantidad`)'),
    requiredFields: z.array(z.string()).optional().describe('RECEPTOR_VALIDATION_ERROR: the missing receptor fields'),
    errores: z
      .array(z.object({ fila: z.number().int(), campo: z.string(), mensaje: z.string() }))
      .optional()
      .describe('IMPORT_ROWS_INVALID: one entry per refusal, by the row of the file (the header is row 1)'),
  })
  .meta({
    id: 'Error',
    description: 'Every refusal and failure. Codes add details next to `message` (see ErrorCode and the examples).',
  });

const respuestaMh = (
  z.object({
    estado: z.enum(['PROCESSED', 'RECHAZADO']),
    version: z.number().int(),
    ambiente: z.string().describe('MH environment code: 00 test, 01 production'),
    codigoMsg: z.string(),
    versionApp: z.number().int(),
    clasificaMsg: z.string(),
    observaciones: z.array(z.string()),
    selloRecibido: z.string().nullable(),
    descripcionMsg: z.string(),
    fhProcesamiento: z.string().describe('DD/MM/YYYY HH:mm:ss'),
    codigoGeneracion: z.string(),
  }) satisfies z.ZodType<RespuestaMhView>
).meta({ id: 'RespuestaMh', description: "MH's answer as the record shows it (MH's PROCESADO reads PROCESSED)." });

const analisisHacienda = (
  z.object({
    estadoDocumento: z.enum(['PROCESSED', 'REJECTED']),
    aceptadoPorMH: z.boolean(),
    tieneObservaciones: z.boolean(),
    observaciones: z.array(z.string()),
    erroresValidacion: z.array(z.string()),
    mensaje: z.string(),
  }) satisfies z.ZodType<AnalisisHacienda>
).meta({ id: 'AnalisisHacienda', description: 'Summary of the MH outcome.' });

export const documentRecord = (
  z.object({
    id: z.number().int().describe('Internal record id'),
    tipo,
    codigoGeneracion: uuid,
    numeroControl: z.string().describe('DTE-<tipoDte>-<establecimiento><punto de venta>-<15-digit sequence>'),
    estado,
    ambiente: z.enum(['TEST', 'PROD']),
    total: z.string().describe('Decimal amount with 2 decimals'),
    dteJson: z.record(z.string(), z.unknown()).describe('The DTE as signed and sent to MH'),
    dteFirmado: z.string().describe('The signed DTE, compact JWS'),
    selloRecibido: z.string().nullable().describe("MH's reception seal; null unless PROCESSED or CANCELLED"),
    respuestaMh: respuestaMh.nullable(),
    dteJsonUrl: z.string().nullable().describe('Storage key of the JSON; null when rejected'),
    dtePdfUrl: z.string().nullable().describe('Storage key of the PDF; null when rejected'),
    sequenceNumber: z.string(),
    sequenceId: z.number().int(),
    serie: z.string(),
    emisorId: z.number().int(),
    branchId: z.number().int(),
    pointOfSaleId: z.number().int(),
    tokenId: z.number().int(),
    errorTecnico: z
      .string()
      .nullable()
      .describe(
        "On rejection: 'Documento rechazado por el Ministerio de Hacienda: …'; while a document waits because a " +
          "transmission ended without MH's answer: 'Sin respuesta del Ministerio de Hacienda: …'",
      ),
    createdAt: z.string().describe('ISO 8601, UTC'),
    analisisHacienda: analisisHacienda.nullable(),
  }) satisfies z.ZodType<DocumentRecordView>
).meta({
  id: 'DocumentRecord',
  description: 'The document record. MH rejecting a document is not an HTTP error: the record has estado REJECTED.',
});

export const issuePending = z
  .object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({ codigoGeneracion: uuid, estado: z.literal('PENDIENTE') }),
  })
  .meta({
    id: 'IssuePending',
    description:
      'Issuance answer (202) when MH’s verdict is not known within ISSUANCE_WAIT_SECONDS: the document goes on; ' +
      'a retry with the same Idempotency-Key gets its record.',
  });

export const issued = z
  .object({ status: z.literal('success'), data: documentRecord })
  .meta({ id: 'IssuedDocument', description: 'Issuance answer (201), accepted and rejected documents alike.' });

export const vistaPrevia = z
  .object({
    status: z.literal('success'),
    data: z.object({
      tipo,
      tipoDte: z.string().describe('CAT-002 code of the document'),
      version: z.number().int().describe('MH’s schema version it is built in'),
      generacion: z.enum(GENERACIONES).describe('The generation of MH’s schemas the emisor issues in now'),
      ambiente: z.enum(['00', '01']).describe('MH environment code: 00 test, 01 production'),
      total: z.string().describe('The record’s `total` it would have: decimal amount with 2 decimals'),
      dte: z
        .looseObject({
          identificacion: z.looseObject({
            version: z.number().int(),
            ambiente: z.enum(['00', '01']),
            codigoGeneracion: z.null().describe('Given when it is issued'),
            numeroControl: z.null().optional().describe('Given when it is issued; the Evento de Retorno has none'),
            fecEmi: z.string(),
            horEmi: z.string(),
          }),
        })
        .describe('The DTE as the service would sign and send it now (every line, the resumen with its totalLetras)'),
    }) satisfies z.ZodType<VistaPrevia>,
  })
  .meta({
    id: 'VistaPrevia',
    description: 'The document a request would issue, not issued: nothing numbered, signed, stored or sent.',
  });

export const documentDetail = z
  .object({
    status: z.literal('success'),
    data: (
      documentRecord.extend({
        estado: estadoListado,
        esperaSegundos,
        anulacion: z
          .object({
            codigoGeneracion: uuid.describe('The Evento de Invalidación'),
            selloRecibido: z.string().nullable().describe("MH's sello of the event (null when MH reported it done)"),
            fhProcesamiento: z.string().describe("MH's processing time, dd/MM/yyyy HH:mm:ss"),
          })
          .nullable()
          .describe('The accepted anulación, when the document is CANCELLED'),
        importacion: z
          .object({
            id: z.string().describe('The import (GET /importaciones/{id})'),
            fecha: z.string().describe('The date it was imported, YYYY-MM-DD in El Salvador'),
          })
          .nullable()
          .describe(
            'Set on a document issued with a previous provider and imported (POST /importaciones): never sent again',
          ),
        correos: z
          .array(
            z.object({
              para: z.string().describe('The address, masked (j***@example.com)'),
              fecha: z.string().describe('ISO 8601, UTC'),
              enviado: z.boolean().describe('The SMTP server took it'),
              error: z.string().nullable(),
            }),
          )
          .describe('Every e-mail attempt, automatic and resends, oldest first'),
        relacionados: z
          .array(
            z.object({
              codigoGeneracion: uuid,
              tipo,
              numeroControl: z.string(),
              estado: z.enum(['PENDIENTE', 'PROCESSED', 'REJECTED', 'CONTINGENCIA', 'CANCELLED']),
              fecEmi: z.string(),
            }),
          )
          .describe('Notes (NC/ND) and retornos issued referring to this document'),
      }) satisfies z.ZodType<DocumentDetailView>
    ).meta({ id: 'DocumentDetail', description: 'The document record now, and what happened to the document.' }),
  })
  .meta({ id: 'Document' });

export const documentList = z
  .object({
    status: z.literal('success'),
    data: z.array(
      (
        z.object({
          codigoGeneracion: uuid,
          tipo,
          numeroControl: z.string(),
          estado: estadoListado,
          fecEmi: z.string().describe('Emission date, El Salvador'),
          total: z.string().describe('Decimal amount with 2 decimals'),
          ambiente: z.enum(['TEST', 'PROD']),
          selloRecibido: z.string().nullable(),
          receptor: z.object({
            nombre: z.string().nullable(),
            identificadores: z.array(z.string()).describe('NIT, NRC and document number, as issued'),
          }),
          createdAt: z.string().describe('ISO 8601, UTC: when it was numbered and saved'),
          esperaSegundos,
        }) satisfies z.ZodType<DocumentSummaryView>
      ).meta({ id: 'DocumentSummary' }),
    ),
    cursor: z
      .string()
      .nullable()
      .describe('Pass it as `cursor` for the next page; null when there is no more. A page may be short.'),
  })
  .meta({ id: 'DocumentList' });

const generacion = z.enum(['2023', '2026']);
const esquemaEvento = z.object({ version: z.number().int(), esquema: z.string() });

export const information = z
  .object({
    status: z.literal('success'),
    data: z.object({
      emisor: z.object({
        id: z.number().int(),
        nit: z.string(),
        nrc: z.string(),
        nombre: z.string(),
        nombreComercial: z.string().nullable(),
        codigoActividad: z.string(),
        actividadEconomica: z.string(),
        direccion: z.string().describe("The establishment's address (complemento)"),
        tipoEstablecimiento: z.string(),
        departamento: z.string(),
        municipio: z.string(),
        distrito: z.string().nullable(),
        telefono: z.string(),
        logoUrl: z.string().nullable().describe('Storage key of the logo; null without one'),
        colorPrincipal: z.string().describe('#RRGGBB'),
        colorSecundario: z.string().describe('#RRGGBB'),
        colorFondo: z.string().describe('#RRGGBB'),
        codEstableMH: z.string(),
        codEstable: z.string(),
        codPuntoVentaMH: z.string(),
        codPuntoVenta: z.string(),
        ambiente: z.enum(['TEST', 'PROD']),
        clientId: z.number().int(),
        createdAt: z.string().describe('ISO 8601, UTC'),
      }),
      permissions: z.array(z.string()),
      normativa: z
        .object({
          generacion: generacion.describe('The generation of MH’s schemas the emisor issues in now'),
          corte: z
            .object({
              generacion,
              desde: z.string().describe('ISO 8601, UTC'),
              origen: z.enum(['EMISOR', 'SERVICIO']).describe('The emisor’s own cut-over, or NORMATIVA_2026_DESDE'),
            })
            .describe('From `desde` the emisor issues in `generacion`, before it in the other one'),
          documentos: z
            .array(z.object({ tipo: z.string(), tipoDte: z.string(), version: z.number().int(), esquema: z.string() }))
            .describe('For each kind the token may issue, the MH schema its next document is built in'),
          eventos: z.object({
            invalidacion: esquemaEvento.optional().describe('With the ANULACION permission'),
            contingencia: esquemaEvento,
          }),
        })
        .describe('MH’s schema generation (Normativa DTE 2.0) and the emisor’s cut-over'),
    }),
  })
  .meta({
    id: 'Information',
    description:
      "The emisor as the token issues (its establishment and point of sale), the token's permissions and the " +
      'generation of MH’s schemas its documents are built in.',
  });

const pdfFile = { codigoGeneracion: uuid, filename: z.string() };

export const pdfUrl = z
  .object({
    status: z.literal('success'),
    data: z.object({
      ...pdfFile,
      url: z.string().describe('Presigned storage URL'),
      expiresIn: z.number().int().describe('Seconds the URL is valid'),
    }),
  })
  .meta({ id: 'PdfUrl', description: '`format=url`' });

export const pdfBase64 = z
  .object({
    status: z.literal('success'),
    data: z.object({ ...pdfFile, base64: z.string(), contentType: z.literal('application/pdf') }),
  })
  .meta({ id: 'PdfBase64', description: '`format=base64`' });

export const pdfJson = z.union([pdfUrl, pdfBase64]).meta({ id: 'PdfJson' });

const resendOutcome = z
  .object({
    codigoGeneracion: uuid,
    emailEnviado: z.string().describe('The address used'),
    correoEnviado: z.boolean(),
    tipo,
    estado: z.enum(['PROCESSED', 'CANCELLED']),
  })
  .meta({ id: 'ResendOutcome' });

export const resent = z
  .object({ status: z.literal('success'), message: z.string(), data: resendOutcome })
  .meta({ id: 'Resent' });

export const enlaceCreado = z
  .object({
    status: z.literal('success'),
    data: z.object({
      codigoGeneracion: uuid,
      url: z.string().describe('The public page of the document, no token needed: shown this once, never stored'),
      expiraEn: z.string().describe('ISO 8601 instant the link stops working'),
      whatsapp: z
        .string()
        .describe(
          '`https://wa.me/<number>?text=<message with the url>`: the receptor’s telefono as digits with 503 when ' +
            'it has 8, none when the document has no telefono',
        ),
    }),
  })
  .meta({ id: 'EnlaceCreado' });

export const enlacesRevocados = z
  .object({ status: z.literal('success'), data: z.object({ codigoGeneracion: uuid, revocados: z.literal(true) }) })
  .meta({ id: 'EnlacesRevocados' });

export const invalidated = z
  .object({
    status: z.literal('success'),
    message: z.string(),
    data: z.object({
      aceptado: z.boolean(),
      codigoGeneracion: uuid,
      estado,
      eventoCodigoGeneracion: uuid,
      selloRecibido: z.string().nullable(),
      respuestaMh,
      observaciones: z.array(z.string()),
    }) satisfies z.ZodType<AnulacionResult>,
  })
  .meta({ id: 'Invalidated' });

export const smoke = z
  .object({
    status: z.literal('success'),
    data: z.object({
      id: z.string(),
      storedKey: z.string(),
      pdfBytes: z.number().int(),
      messageId: z.string(),
      workflowId: z.string(),
    }) satisfies z.ZodType<SmokeResult>,
  })
  .meta({ id: 'SmokeResult' });

export const health = z
  .object({
    status: z.enum(['ok', 'error']),
    checks: z.record(z.string(), z.string()).describe("Per dependency: 'ok' or 'failing: <reason>'"),
    failing: z.array(z.string()).optional().describe('The failing dependencies (503 only)'),
  })
  .meta({ id: 'Health' });

const endpoint = (
  z.object({
    id: z.string().describe('`whk_<emisor>_<n>`'),
    url: z.string(),
    eventos: z.array(z.enum(EVENTOS_WEBHOOK)),
    descripcion: z.string().nullable(),
    activo: z.boolean().describe('False once the receiver answered 410 Gone: it gets no more events'),
    deshabilitado: z.object({ fecha: z.string(), motivo: z.string() }).nullable(),
    creado: z.string().describe('ISO 8601, UTC'),
  }) satisfies z.ZodType<EndpointView>
).meta({ id: 'WebhookEndpoint' });

const secreto = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/=]+$/)
  .describe('The signing secret, shown only in this answer: keep it, it cannot be read again');

export const webhookCreated = z
  .object({ status: z.literal('success'), data: endpoint.extend({ secreto }) })
  .meta({ id: 'WebhookCreated' });

export const webhookRotated = z
  .object({
    status: z.literal('success'),
    data: endpoint.extend({
      secreto,
      anteriorVigenteHasta: z.string().describe('Until then deliveries carry a signature with each secret'),
    }),
  })
  .meta({ id: 'WebhookRotated' });

export const webhookOne = z.object({ status: z.literal('success'), data: endpoint }).meta({ id: 'WebhookOne' });
export const webhookList = z
  .object({ status: z.literal('success'), data: z.array(endpoint) })
  .meta({ id: 'WebhookList' });
export const webhookDeleted = z
  .object({ status: z.literal('success'), data: z.object({ id: z.string(), eliminado: z.literal(true) }) })
  .meta({ id: 'WebhookDeleted' });

const intentoEntrega = (
  z.object({
    eventoId: z.string().describe('The `webhook-id` of the event'),
    tipo: z.enum(TIPOS_EVENTO_ENTREGA),
    intento: z.number().int().describe('Attempt number of this delivery, from 1'),
    fecha: z.string().describe('ISO 8601, UTC'),
    status: z.number().int().nullable().describe('The receiver’s HTTP status; null when none came'),
    entregado: z.boolean(),
    error: z.string().nullable(),
    duracionMs: z.number().int(),
  }) satisfies z.ZodType<ReturnType<typeof intentoView>>
).meta({ id: 'WebhookEntrega' });

export const entregaList = z
  .object({
    status: z.literal('success'),
    data: z.array(intentoEntrega),
    cursor: z.string().nullable().describe('Pass it as `cursor` for older attempts; null when there is no more'),
  })
  .meta({ id: 'WebhookEntregaList' });

/** A test event or a redelivery, as it went. */
export const entregaAhora = z
  .object({
    status: z.literal('success'),
    data: z.object({
      eventoId: z
        .string()
        .describe('The `webhook-id` of the event: `POST …/entregas/{eventoId}/reenviar` sends it again'),
      tipo: z.enum(TIPOS_EVENTO_ENTREGA),
      estado: z
        .enum(['ENTREGADO', 'FALLIDO', 'DESHABILITADO', 'ELIMINADO', 'EN_CURSO'])
        .describe(
          'How the delivery ended; EN_CURSO when its first attempt did not deliver it within its deadline: it is ' +
            'retried, 4 attempts in all within minutes, then ends FALLIDO, and the delivery log tells the rest',
        ),
      motivo: z.string().nullable(),
      ultimoIntento: intentoEntrega.nullable().describe('The newest logged attempt of the event, if any yet'),
    }),
  })
  .meta({ id: 'WebhookEntregaAhora' });

const lado = z.object({ estado: z.string(), selloRecibido: z.string().nullable() });

export const conciliacion = z
  .object({
    status: z.literal('success'),
    data: (
      z.object({
        fecha: z.string().describe('The emission date reconciled, YYYY-MM-DD'),
        generado: z.string().describe('When the reconciliation ran, ISO 8601'),
        consultados: z.number().int().describe('Documents asked for at MH'),
        diferencias: z.array(
          z.object({
            tipo: z
              .enum(TIPOS_DIFERENCIA)
              .describe(
                'NO_EN_MH: accepted on record, unknown to MH; SELLO_DISTINTO: another sello at MH; NO_LOCAL: MH ' +
                  'holds a document this service sent that is not on record; ANULACION_NO_REFLEJADA: invalidated on ' +
                  'one side only; ESTADO_DISTINTO: MH holds a document the record has as not accepted',
              ),
            codigoGeneracion: z.string(),
            tipoDte: z.string(),
            numeroControl: z.string().nullable(),
            local: lado.nullable().describe('The record (estado and sello); null when not on record'),
            mh: z
              .object({ estado: z.enum(['PROCESADO', 'INVALIDADO']), selloRecibido: z.string().nullable() })
              .nullable()
              .describe('What consultadte says; null when MH does not hold it'),
          }),
        ),
        sinRespuesta: z.array(z.string()).describe('codigoGeneracion of the documents MH did not answer for'),
      }) satisfies z.ZodType<InformeView>
    ).meta({ id: 'Conciliacion' }),
  })
  .meta({ id: 'ConciliacionAnswer' });

const monto = z.string().describe('Amount, 2 decimals');
const documentoDe = z.object({ numeroControl: z.string(), codigoGeneracion: z.string() });
const pendientesDeSello = z
  .array(documentoDe.extend({ fecha: z.string() }))
  .describe('Issued in contingencia in the period, not sealed by MH yet: left out until sealed');

export const libroContribuyentes = z
  .object({
    status: z.literal('success'),
    data: z.object({
      periodo: z.string(),
      lineas: z.array(
        z.object({
          fecha: z.string(),
          tipoDte: z.enum(TIPOS_POR_LIBRO['ventas-contribuyentes']),
          numeroControl: z.string(),
          codigoGeneracion: z.string(),
          selloRecibido: z.string().nullable(),
          receptor: z.object({ nit: z.string().nullable(), dui: z.string().nullable(), nombre: z.string() }),
          montos: z
            .object({
              exentas: monto,
              noSujetas: monto,
              gravadas: monto,
              debitoFiscal: monto,
              ivaRetenido: monto,
              total: monto,
            })
            .describe('After the document discount; a Nota de Crédito’s negative'),
        }),
      ),
      totales: z.object({
        documentos: z.number().int(),
        exentas: monto,
        noSujetas: monto,
        gravadas: monto,
        debitoFiscal: monto,
        ivaRetenido: monto,
        total: monto,
      }),
      pendientesDeSello,
    }),
  })
  .meta({ id: 'LibroVentasContribuyentes' });

const montosConsumidor = z.object({
  exentas: monto,
  noSujetas: monto,
  gravadas: monto.describe('With the IVA the Facturas’ prices include'),
  debitoFiscal: monto.describe('The IVA inside the gravadas'),
  exportacionesCentroamerica: monto,
  exportacionesFuera: monto,
  exportacionesServicios: monto,
  total: monto,
});

export const libroConsumidor = z
  .object({
    status: z.literal('success'),
    data: z.object({
      periodo: z.string(),
      dias: z.array(
        z.object({
          fecha: z.string(),
          tipoDte: z.enum(TIPOS_POR_LIBRO['ventas-consumidor']),
          documentos: z.number().int(),
          del: documentoDe,
          al: documentoDe,
          montos: montosConsumidor,
        }),
      ),
      totales: montosConsumidor.extend({ documentos: z.number().int() }),
      pendientesDeSello,
    }),
  })
  .meta({ id: 'LibroVentasConsumidor' });

const montosCompras = z
  .object({
    exentas: monto,
    noSujetas: monto,
    gravadas: monto,
    creditoFiscal: monto.describe('The IVA of the gravadas (the supplier’s tributo 20)'),
    ivaPercibido: monto.describe('The 1 % IVA the supplier perceived'),
    ivaRetenido: monto.describe('The 1 % IVA the emisor withheld as an agent'),
    sujetosExcluidos: monto.describe('An FSE’s subTotal'),
    totalCompras: monto.describe('Without IVA: exentas, no sujetas and gravadas, or the FSE’s amount'),
  })
  .describe('After the document discount; a Nota de Crédito’s negative');

export const libroCompras = z
  .object({
    status: z.literal('success'),
    data: z.object({
      periodo: z.string(),
      lineas: z.array(
        z.object({
          correlativo: z.number().int().describe('The line’s number in the book'),
          fecha: z.string(),
          tipoDte: z.enum(TIPOS_POR_LIBRO.compras),
          numeroControl: z.string(),
          codigoGeneracion: z.string(),
          selloRecibido: z.string().nullable(),
          proveedor: z.object({ nit: z.string().nullable(), dui: z.string().nullable(), nombre: z.string() }),
          montos: montosCompras,
        }),
      ),
      totales: montosCompras.extend({ documentos: z.number().int() }),
      pendientesDeVerificacion: z
        .array(documentoDe.extend({ fecha: z.string() }))
        .describe('Received in the period, MH not answered for yet: left out until verified'),
      pendientesDeConfirmacion: z
        .array(documentoDe.extend({ fecha: z.string() }))
        .describe(
          "Received in the period, confirmed by MH, waiting for a person to compare them with MH's consulta pública " +
            '(POR_CONFIRMAR): left out until confirmed',
        ),
    }),
  })
  .meta({ id: 'LibroCompras' });

export const debitoFiscal = z
  .object({
    status: z.literal('success'),
    data: z.object({ periodo: z.string(), contribuyentes: monto, consumidorFinal: monto, total: monto }),
  })
  .meta({ id: 'DebitoFiscal' });

export const anexoF07 = z
  .object({
    status: z.literal('success'),
    data: z.object({
      anexo: z.string(),
      periodo: z.string(),
      filas: z.array(
        z.object({
          documentos: z.array(z.string()).describe('numeroControl of the documents the row reports'),
          columnas: z.array(z.string()).describe('DGII’s columns, in order (docs/anexos-f07.md)'),
        }),
      ),
    }),
  })
  .meta({ id: 'AnexoF07' });
