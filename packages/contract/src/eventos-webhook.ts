import { z } from 'zod';
import { ESTADOS_COMPRA, TIPOS_DIFERENCIA, type TipoEventoEntrega } from '@dte/domain';

/**
 * The events deliveries carry, one payload schema each: what the activities publish (`publicar` takes an
 * event's `DatosEvento`, so the compiler holds every publisher to its schema), and the components of the
 * OpenAPI document, its `webhooks` and the reference page. Their union, `WebhookEvento`, is what the
 * TypeScript client's `webhooks.verify` answers.
 *
 * A file of its own, out of the contract's index (`@dte/contract/eventos-webhook`): the workflows import
 * the index, and their bundle needs no zod.
 */

const CODIGO = '5E3B1F0A-7C2D-4E8F-9A6B-1C2D3E4F5A6B';
const URL_API = 'https://dte.example.com';
const DOCUMENTO_EJEMPLO = {
  codigoGeneracion: CODIGO,
  numeroControl: 'DTE-01-M001P001-000000000000123',
  tipoDte: '01',
  tipo: 'FACTURA_CONSUMIDOR_FINAL',
  fecEmi: '2026-11-24',
  ambiente: '01',
  estado: 'PROCESSED',
  selloRecibido: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6',
  url: `${URL_API}/dte/${CODIGO}`,
};

/** What every dte.* event says of its document. */
const documento = {
  codigoGeneracion: z.string(),
  numeroControl: z.string(),
  tipoDte: z.string().describe('CAT-002 code'),
  tipo: z.string().describe('The kind’s name in this API (FACTURA_CONSUMIDOR_FINAL, …)'),
  fecEmi: z.string().describe('YYYY-MM-DD'),
  ambiente: z.string().describe('00 TEST, 01 PROD'),
  estado: z.string().describe('The document’s estado after the event'),
  selloRecibido: z.string().nullable(),
  url: z.string().describe('The document in this API (`GET /dte/{codigoGeneracion}`)'),
};

/** What compra.recibida, compra.por_confirmar and compra.rechazada say of the received document. */
const compra = z.object({
  codigoGeneracion: z.string(),
  tipoDte: z.string(),
  numeroControl: z.string().nullable(),
  fecEmi: z.string(),
  proveedor: z.object({ nit: z.string().nullable(), nrc: z.string().nullish(), nombre: z.string().nullish() }),
  estado: z.enum(ESTADOS_COMPRA),
  motivos: z.array(z.object({ codigo: z.string(), campo: z.string().nullable(), mensaje: z.string() })),
  origen: z.enum(['API', 'CORREO']),
  consultaPublica: z
    .string()
    .nullable()
    .describe("MH's consulta pública of the document, where a person compares what MH's consultadte does not answer"),
  url: z.string().describe('The record in this API (`GET /compras/{codigoGeneracion}`)'),
});
const COMPRA_EJEMPLO: z.input<typeof compra> = {
  codigoGeneracion: CODIGO,
  tipoDte: '03',
  numeroControl: 'DTE-03-M001P001-000000000000045',
  fecEmi: '2026-11-24',
  proveedor: { nit: '06142803901121', nrc: '1234567', nombre: 'PROVEEDOR, S.A. DE C.V.' },
  estado: 'VERIFICADO',
  motivos: [],
  origen: 'API',
  consultaPublica: `https://admin.factura.gob.sv/consultaPublica?ambiente=01&codGen=${CODIGO}&fechaEmi=2026-11-24`,
  url: `${URL_API}/compras/${CODIGO}`,
};

interface Definicion<S extends z.ZodObject = z.ZodObject> {
  descripcion: string;
  data: S;
  /** The reference's example, which the compiler checks against `data`. */
  ejemplo: NoInfer<z.input<S>>;
}

/** An event's definition, its example typed by its schema. */
const definir = <S extends z.ZodObject>(d: Definicion<S>) => d;

const DEFINICIONES = {
  'dte.procesado': definir({
    descripcion: 'MH accepted the document and sealed it (`selloRecibido`).',
    data: z.object(documento),
    ejemplo: DOCUMENTO_EJEMPLO,
  }),
  'dte.rechazado': definir({
    descripcion: 'MH rejected the document; `GET /dte/{codigoGeneracion}` has its observations.',
    data: z.object(documento),
    ejemplo: { ...DOCUMENTO_EJEMPLO, estado: 'REJECTED', selloRecibido: null },
  }),
  'dte.contingencia': definir({
    descripcion: 'MH could not be reached: the document is in contingency, to be sent in its emisor’s next event.',
    data: z.object(documento),
    ejemplo: { ...DOCUMENTO_EJEMPLO, estado: 'CONTINGENCY', selloRecibido: null },
  }),
  'dte.invalidado': definir({
    descripcion: 'MH accepted the invalidation (anulación) of the document.',
    data: z.object({
      ...documento,
      anulacion: z.object({
        codigoGeneracion: z.string().describe('The invalidation event’s'),
        selloRecibido: z.string().nullable(),
      }),
    }),
    ejemplo: {
      ...DOCUMENTO_EJEMPLO,
      estado: 'INVALIDATED',
      anulacion: {
        codigoGeneracion: '0B1C2D3E-4F5A-4B6C-8D7E-9F0A1B2C3D4E',
        selloRecibido: '2026F6E5D4C3B2A1F0E9D8C7B6A5F4E3D2C1',
      },
    },
  }),
  'dte.correo_fallido': definir({
    descripcion: 'The document could not be e-mailed to its receptor (it is retried; `correo.para` is masked).',
    data: z.object({ ...documento, correo: z.object({ para: z.string(), error: z.string() }) }),
    ejemplo: {
      ...DOCUMENTO_EJEMPLO,
      correo: { para: 'c*****e@example.com', error: '550 5.1.1 Mailbox unavailable' },
    },
  }),
  'contingencia.alerta': definir({
    descripcion:
      'Documents in contingency near the deadline MH gives to report them (EVENTO) or send them (LOTES), at `vence`.',
    data: z.object({
      plazo: z.enum(['EVENTO', 'LOTES']),
      vence: z.string().describe('ISO 8601'),
      documentosPendientes: z.number().int(),
    }),
    ejemplo: { plazo: 'EVENTO', vence: '2026-11-25T15:04:05.000Z', documentosPendientes: 3 },
  }),
  'conciliacion.diferencias': definir({
    descripcion: 'The day’s reconciliation with MH found differences; `url` is the report.',
    data: z.object({
      fecha: z.string().describe('The emission date reconciled, YYYY-MM-DD'),
      diferencias: z.number().int(),
      porTipo: z.partialRecord(z.enum(TIPOS_DIFERENCIA), z.number().int()),
      url: z.string(),
    }),
    ejemplo: {
      fecha: '2026-11-23',
      diferencias: 2,
      porTipo: { NO_EN_MH: 1, SELLO_DISTINTO: 1 },
      url: `${URL_API}/dte/conciliacion?fecha=2026-11-23`,
    },
  }),
  'webhook.deshabilitado': definir({
    descripcion:
      'One of the emisor’s endpoints was disabled (told to its other endpoints): `POST /webhooks/{id}/habilitar` ' +
      'enables it again.',
    data: z.object({ id: z.string(), url: z.string(), motivo: z.string(), fecha: z.string().describe('ISO 8601') }),
    ejemplo: {
      id: 'whk_12_1',
      url: 'https://erp.example.com/dte-eventos',
      motivo: 'El receptor respondió 410 Gone',
      fecha: '2026-11-24T15:04:05.000Z',
    },
  }),
  'certificacion.completa': definir({
    descripcion: 'The emisor’s MH certification campaign completed; `informe` is its report.',
    data: z.object({
      workflowId: z.string(),
      estado: z.literal('COMPLETA'),
      plan: z.object({
        documentos: z.record(z.string(), z.number().int()).describe('Documents per CAT-002 code'),
        invalidaciones: z.number().int(),
        contingencias: z.number().int(),
      }),
      iniciadaEn: z.string(),
      completadaEn: z.string().nullable(),
      documentos: z.number().int(),
      informe: z.string(),
    }),
    ejemplo: {
      workflowId: 'certificacion-12',
      estado: 'COMPLETA',
      plan: { documentos: { '01': 90, '03': 75 }, invalidaciones: 5, contingencias: 5 },
      iniciadaEn: '2026-11-20T15:04:05.000Z',
      completadaEn: '2026-11-21T09:30:00.000Z',
      documentos: 175,
      informe: `${URL_API}/certificacion/informe?formato=pdf`,
    },
  }),
  'compra.recibida': definir({
    descripcion:
      'A document received from a supplier counts in the purchase books: MH confirmed it and its amounts are its ' +
      "supplier's signed claim (VERIFICADO), or a person compared it with MH's consulta pública (CONFIRMADO).",
    data: compra,
    ejemplo: COMPRA_EJEMPLO,
  }),
  'compra.por_confirmar': definir({
    descripcion:
      "A document received from a supplier that MH confirmed waits for a person to compare it with MH's consulta " +
      'pública (POR_CONFIRMAR: unsigned, above the emisor’s amount, or its supplier’s first); `motivos` say why.',
    data: compra,
    ejemplo: {
      ...COMPRA_EJEMPLO,
      estado: 'POR_CONFIRMAR',
      motivos: [
        {
          codigo: 'MONTO_SOBRE_UMBRAL',
          campo: 'resumen.montoTotalOperacion',
          mensaje:
            '1130.00 supera 1000.00, sobre lo que una persona compara el documento con la consulta pública de MH',
        },
      ],
    },
  }),
  'compra.rechazada': definir({
    descripcion: 'A document received from a supplier did not verify: `estado` and `motivos` say why.',
    data: compra,
    ejemplo: {
      ...COMPRA_EJEMPLO,
      estado: 'INCONSISTENTE',
      motivos: [{ codigo: 'CALCULO_INCORRECTO', campo: 'resumen.totalPagar', mensaje: 'El total a pagar no cuadra' }],
    },
  }),
  'webhook.prueba': definir({
    descripcion: 'The test event `POST /webhooks/{id}/prueba` sends, whatever the endpoint subscribes to.',
    data: z.object({ id: z.string(), url: z.string(), mensaje: z.string() }),
    ejemplo: { id: 'whk_12_1', url: 'https://erp.example.com/dte-eventos', mensaje: 'Evento de prueba de su webhook' },
  }),
} satisfies Record<TipoEventoEntrega, Definicion>;

/** What event `T` tells its receivers (its `data`), by its schema: what publishing it takes. */
export type DatosEvento<T extends TipoEventoEntrega> = z.infer<(typeof DEFINICIONES)[T]['data']>;

/** What every dte.* event says of its document. */
export type DatosDocumento = z.infer<z.ZodObject<typeof documento>>;

/** `dte.correo_fallido` → `EventoDteCorreoFallido`: the component's name. */
const nombre = (tipo: string) =>
  `Evento${tipo
    .split(/[._]/)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('')}`;

/** Each event's body, as a component with its example. */
export const EVENTOS_WEBHOOK_DOC = (Object.entries(DEFINICIONES) as [TipoEventoEntrega, Definicion][]).map(
  ([tipo, { descripcion, data, ejemplo }]) => {
    const example = { type: tipo, timestamp: '2026-11-24T15:04:05.000Z', data: ejemplo };
    const schema = z
      .object({
        type: z.literal(tipo),
        timestamp: z.string().describe('When it happened, ISO 8601'),
        data,
      })
      .meta({ id: nombre(tipo), description: descripcion, examples: [example] });
    return { tipo, descripcion, schema, example };
  },
);

/** The body of every delivery (Standard Webhooks' payload form), one of the events by its `type`. */
export const eventoWebhook = z
  .discriminatedUnion('type', EVENTOS_WEBHOOK_DOC.map((e) => e.schema) as unknown as [z.ZodObject, ...z.ZodObject[]])
  .meta({
    id: 'WebhookEvento',
    description:
      'The body of every delivery; its `webhook-id` header is the event’s id, the same on every attempt and ' +
      'redelivery.',
  });
