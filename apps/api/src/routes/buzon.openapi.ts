import { z } from 'zod';
import { buzonRequest, LEER_COMPRAS } from '@dte/domain';
import { example, json, type Operation } from '../openapi/operation';

const motivo = z
  .enum(['SIN_ARCHIVO_DTE', 'JSON_INVALIDO', 'NO_ES_ARCHIVO_DTE'])
  .describe(
    'SIN_ARCHIVO_DTE: no JSON attachment in the message; JSON_INVALIDO: a `.json` attachment that does not parse; ' +
      'NO_ES_ARCHIVO_DTE: a JSON without identificacion.codigoGeneracion, tipoDte, version, fecEmi or emisor.nit',
  );

const buzon = z
  .object({
    host: z.string(),
    port: z.number().int(),
    tls: z.boolean(),
    usuario: z.string(),
    carpeta: z.string(),
    desde: z.string().nullable().describe('Messages received before this day are left alone'),
    actualizadoEn: z.string(),
    ultimaLectura: z
      .object({ en: z.string(), mensajes: z.number().int(), tomados: z.number().int(), informes: z.number().int() })
      .nullable(),
    ultimoError: z
      .object({
        en: z.string(),
        mensaje: z
          .string()
          .describe(
            'What the IMAP server answered (a login or a folder refused), or, when no IMAP server answered, ' +
              '“No se pudo conectar con el servidor del buzón” whatever the reason',
          ),
      })
      .nullable()
      .describe('The last reading the server refused (cleared by the next one that reads)'),
    noLeidos: z
      .array(
        z.object({
          en: z.string(),
          mensajeId: z.string().nullable(),
          asunto: z.string().nullable(),
          remitente: z.string().nullable(),
          adjunto: z.string().nullable().describe('The attachment’s name; null: the message as a whole'),
          motivo,
          detalle: z.string(),
        }),
      )
      .describe('The latest 50 messages or attachments that gave no Archivo DTE, newest first'),
  })
  .meta({ id: 'Buzon' });

const buzonOne = z.object({ status: z.literal('success'), data: buzon }).meta({ id: 'BuzonOne' });

const lectura = z
  .object({
    status: z.literal('success'),
    data: z.object({
      emisorId: z.number().int(),
      mensajes: z.number().int().describe('Messages read and marked'),
      tomados: z.number().int().describe('Archivos DTE handed to the verification (see GET /compras)'),
      informes: z.number().int().describe('Messages or attachments reported in `noLeidos`'),
      quedan: z.boolean().describe('More messages than one reading takes (500): the next reading goes on'),
      error: z.null(),
    }),
  })
  .meta({ id: 'LecturaBuzon' });

const BUZON_EXAMPLE = {
  host: 'imap.gmail.com',
  port: 993,
  tls: true,
  usuario: 'facturas@empresa.com.sv',
  carpeta: 'INBOX',
  desde: '2026-11-01',
  actualizadoEn: '2026-11-24T15:04:05.000Z',
  ultimaLectura: { en: '2026-11-24T15:10:00.000Z', mensajes: 3, tomados: 2, informes: 1 },
  ultimoError: null,
  noLeidos: [
    {
      en: '2026-11-24T15:10:00.000Z',
      mensajeId: '<20261124.1234@proveedor.com.sv>',
      asunto: 'Factura 2026-118',
      remitente: 'Proveedor S.A. de C.V. <facturacion@proveedor.com.sv>',
      adjunto: null,
      motivo: 'SIN_ARCHIVO_DTE' as const,
      detalle: 'ningún adjunto JSON entre factura.pdf',
    },
  ],
};

const DESCRIPCION =
  'Suppliers e-mail their Archivo DTE (the JSON with MH’s sello) and its PDF. A Temporal Schedule reads every ' +
  'configured mailbox each BUZON_LECTURA_SEGUNDOS (300 by default): each message not marked yet gives its JSON ' +
  'attachments (also inside forwarded messages), each with the PDF of the same name beside it (or the only one), ' +
  'to the same verification as POST /compras (origen CORREO); the message is then marked with the keyword ' +
  '`DteTomado` (`\\Flagged` where the server keeps no keywords, as Microsoft 365) so it is never taken twice. A ' +
  'message with no Archivo DTE is marked too and listed in `noLeidos`.';

export const buzonOperations: Operation[] = [
  {
    method: 'post',
    path: '/buzon',
    operationId: 'setBuzon',
    tag: 'Emisor',
    summary: 'Set the IMAP mailbox suppliers send their DTEs to',
    description:
      DESCRIPCION +
      ' Replaces the mailbox set before (its reading history is kept). The password (for Gmail and Microsoft 365, ' +
      'an app password) is kept encrypted with SECRET_KEY and never answered. IMAPS (TLS from the first byte, port ' +
      '993) unless `tls` is false; the login is tried at the first reading (POST /buzon/lectura to try it now). ' +
      'Unless the deployment allows it (`BUZON_PERMITIR_DESTINOS_PRIVADOS`, for local development) the host may ' +
      'not be or resolve to a private, loopback, link-local or other non-public address, in any IPv4 or IPv6 ' +
      'form (the policy of webhook URLs), checked here and again at every connection.',
    authenticated: true,
    permission: 'COMPRAS',
    request: {
      schema: buzonRequest,
      required: true,
      examples: example('A Gmail mailbox', {
        host: 'imap.gmail.com',
        usuario: 'facturas@empresa.com.sv',
        password: 'abcd efgh ijkl mnop',
        desde: '2026-11-01',
      }),
    },
    responses: {
      200: {
        description: 'The mailbox, without its password',
        content: json(buzonOne, example('Set', { status: 'success', data: BUZON_EXAMPLE })),
      },
    },
    errors: { 422: ['BUZON_HOST_NOT_ALLOWED'] },
  },
  {
    method: 'get',
    path: '/buzon',
    operationId: 'getBuzon',
    tag: 'Emisor',
    summary: 'The mailbox, its last reading and the messages it could not take',
    description: DESCRIPCION,
    authenticated: true,
    permission: LEER_COMPRAS,
    responses: {
      200: {
        description: 'The mailbox, without its password',
        content: json(buzonOne, example('A message without JSON', { status: 'success', data: BUZON_EXAMPLE })),
      },
    },
    errors: { 404: ['BUZON_NOT_FOUND'] },
  },
  {
    method: 'delete',
    path: '/buzon',
    operationId: 'deleteBuzon',
    tag: 'Emisor',
    summary: 'Stop reading the mailbox',
    description: 'Its settings and password are removed; the documents it brought stay.',
    authenticated: true,
    permission: 'COMPRAS',
    responses: {
      200: {
        description: 'Removed',
        content: json(
          z
            .object({ status: z.literal('success'), data: z.object({ eliminado: z.literal(true) }) })
            .meta({ id: 'BuzonDeleted' }),
          example('Removed', { status: 'success', data: { eliminado: true } }),
        ),
      },
    },
    errors: { 404: ['BUZON_NOT_FOUND'] },
  },
  {
    method: 'post',
    path: '/buzon/lectura',
    operationId: 'readBuzon',
    tag: 'Emisor',
    summary: 'Read the mailbox now',
    description:
      'The schedule’s reading, now (joined if the schedule is reading it already); answers when every message ' +
      'was taken and marked. The verifications it started go on by themselves: see GET /compras.',
    authenticated: true,
    permission: 'COMPRAS',
    responses: {
      200: {
        description: 'What the reading did',
        content: json(
          lectura,
          example('Two DTEs and a message without one', {
            status: 'success',
            data: { emisorId: 7, mensajes: 2, tomados: 2, informes: 1, quedan: false, error: null },
          }),
        ),
      },
    },
    errors: { 404: ['BUZON_NOT_FOUND'], 502: ['BUZON_INACCESIBLE'] },
  },
];
