import { Router, type Response } from 'express';
import { parseCertificadoMH, validationError, type DteError } from '@dte/domain';
import { z } from 'zod';
import { descripcion, nuevoSello } from '../respuesta';
import { fhProcesamiento } from '../tiempo';
import { pwdClave } from '../seguridad/rutas';
import type { Control, Documento, Store } from '../store';
import { conteoCertificacion } from './certificacion';
import { GLOBAL, type Controles } from './estado';

/**
 * The test-control API under /__sim (mounted only when MH_SIM_CONTROL_ENABLED). Settings take an optional
 * `emisor` (a NIT): they then affect only that emisor's requests, so parallel tests can each break
 * "MH" for themselves. Documented in apps/mh-simulator/README.md.
 */
const emisor = z
  .string()
  .regex(/^([0-9]{14}|[0-9]{9})$/)
  .optional();
const codigoMsg = z.string().regex(/^[0-9]{3}$/);

const esquemas = {
  emisor: z.object({
    nit: z.string().regex(/^([0-9]{14}|[0-9]{9})$/),
    password: z.string().min(1),
    certificado: z.string().min(1),
  }),
  contribuyente: z.object({
    nit: z.string().regex(/^([0-9]{14}|[0-9]{9})$/),
    nrc: z
      .string()
      .regex(/^[0-9]{1,8}$/)
      .nullable()
      .default(null),
    nombre: z.string().nullable().default(null),
    activo: z.boolean().default(true),
    contribuyenteIva: z.boolean().default(true),
    emisor,
  }),
  latency: z.object({
    ms: z.number().int().min(0).max(600000),
    ruta: z.string().startsWith('/').nullable().default(null),
    emisor,
  }),
  outage: z.object({
    mode: z.enum(['none', 'refuse', '503', 'hang', 'hold']),
    ruta: z.string().startsWith('/').nullable().default(null),
    emisor,
  }),
  retenidas: z.object({ emisor }),
  clock: z.object({ offsetSeconds: z.number().int(), emisor }),
  lotes: z.object({ delayMs: z.number().int().min(0).max(600000), emisor }),
  normativa: z.object({ rechazar2023Desde: z.iso.datetime({ offset: true }).nullable(), emisor }),
  reject: z
    .object({
      next: z.number().int().min(1).optional(),
      codigoGeneracion: z.string().optional(),
      veces: z.number().int().min(1).optional(),
      codigoMsg,
      clasificaMsg: z
        .string()
        .regex(/^[0-9]{2}$/)
        .default('99'),
      descripcionMsg: z.string().optional(),
      emisor,
    })
    .refine(
      (r) => (r.next === undefined) !== (r.codigoGeneracion === undefined),
      'give either next or codigoGeneracion',
    ),
  reset: z.object({ emisor }),
  plantar: z.object({
    codigoGeneracion: z.string().regex(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/),
    emisor: z.string().regex(/^([0-9]{14}|[0-9]{9})$/),
    tipoDte: z.string().regex(/^[0-9]{2}$/),
    estado: z.enum(['PROCESADO', 'INVALIDADO']).default('PROCESADO'),
    selloRecibido: z.string().min(1).optional(),
    // What MH registered of the document when it sealed it: an invalidation event is checked against them.
    numeroControl: z.string().min(1).optional(),
    fecEmi: z.iso.date().optional(),
    version: z.number().int().positive().optional(),
    ambiente: z.enum(['00', '01']).optional(),
  }),
  olvidar: z.object({ codigoGeneracion: z.string().min(1) }),
  certificacion: z.object({ nit: z.string().regex(/^([0-9]{14}|[0-9]{9})$/) }),
};

function enviarError(res: Response, error: DteError): void {
  res.status(error.httpStatus).json({ status: 'error', code: error.code, message: error.message, ...error.details });
}

function leer<T>(res: Response, schema: z.ZodType<T>, body: unknown): T | undefined {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const campos = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  enviarError(res, validationError('Invalid control request', campos));
  return undefined;
}

export function rutasControl(store: Store, controles: Controles): Router {
  const router = Router();
  const ajustar = async (scope: string | undefined, set: Partial<Control>) => {
    await store.control.ajustar(scope ?? GLOBAL, set);
    controles.cambiaron();
  };

  router.post('/emisores', async (req, res) => {
    const body = leer(res, esquemas.emisor, req.body);
    if (!body) return;
    let certificado;
    try {
      certificado = parseCertificadoMH(body.certificado);
    } catch (error) {
      return enviarError(
        res,
        validationError((error as Error).message, [{ field: 'certificado', message: 'not a CertificadoMH' }]),
      );
    }
    if (certificado.nit !== body.nit) {
      return enviarError(
        res,
        validationError('The certificate belongs to another NIT', [{ field: 'certificado', message: certificado.nit }]),
      );
    }
    // MH keeps only the public key of the certificate the taxpayer loads.
    const registro = {
      nit: body.nit,
      pwdClave: pwdClave(body.password),
      publicKey: certificado.publicKeyDer.toString('base64'),
      registradoEn: new Date(),
    };
    await store.emisores.registrar(registro);
    res.status(201).json({ status: 'success', data: { nit: body.nit } });
  });

  router.post('/contribuyentes', async (req, res) => {
    const body = leer(res, esquemas.contribuyente, req.body);
    if (!body) return;
    const { emisor: scope = GLOBAL, ...contribuyente } = body;
    await store.contribuyentes.registrar({ scope, ...contribuyente });
    res.status(201).json({ status: 'success', data: { scope, ...contribuyente } });
  });

  router.post('/latency', async (req, res) => {
    const body = leer(res, esquemas.latency, req.body);
    if (!body) return;
    await ajustar(body.emisor, { latencyMs: body.ms, latencyRuta: body.ruta });
    res.json({ status: 'success', data: body });
  });

  router.post('/outage', async (req, res) => {
    const body = leer(res, esquemas.outage, req.body);
    if (!body) return;
    await ajustar(body.emisor, { outage: body.mode, outageRuta: body.ruta });
    res.json({ status: 'success', data: body });
  });

  /** The MH requests outage "hold" keeps waiting now, by path: a test knows MH has a request before it lets go. */
  router.get('/held', (req, res) => {
    const query = leer(res, esquemas.retenidas, req.query);
    if (!query) return;
    res.json({ status: 'success', data: controles.retenidasDe(query.emisor) });
  });

  router.post('/clock', async (req, res) => {
    const body = leer(res, esquemas.clock, req.body);
    if (!body) return;
    await ajustar(body.emisor, { clockOffsetSeconds: body.offsetSeconds });
    res.json({ status: 'success', data: body });
  });

  router.post('/lotes', async (req, res) => {
    const body = leer(res, esquemas.lotes, req.body);
    if (!body) return;
    await ajustar(body.emisor, { loteDelayMs: body.delayMs });
    res.json({ status: 'success', data: body });
  });

  /** MH's cut-over to Normativa DTE 2.0: documents and events of 2023 emitted from this instant are refused. */
  router.post('/normativa', async (req, res) => {
    const body = leer(res, esquemas.normativa, req.body);
    if (!body) return;
    const desde = body.rechazar2023Desde === null ? null : new Date(body.rechazar2023Desde);
    await ajustar(body.emisor, { rechazar2023Desde: desde });
    res.json({ status: 'success', data: { ...body, rechazar2023Desde: desde } });
  });

  router.post('/reject', async (req, res) => {
    const body = leer(res, esquemas.reject, req.body);
    if (!body) return;
    const rechazo = {
      codigoMsg: body.codigoMsg,
      clasificaMsg: body.clasificaMsg,
      descripcionMsg: body.descripcionMsg ?? descripcion(body.codigoMsg),
    };
    if (body.codigoGeneracion) {
      await store.rechazosPorCodigo.fijar({
        codigoGeneracion: body.codigoGeneracion,
        ...rechazo,
        ...(body.veces ? { veces: body.veces } : {}),
      });
      controles.cambiaron();
    } else {
      await ajustar(body.emisor, { rechazarSiguientes: { ...rechazo, restantes: body.next! } });
    }
    res.json({ status: 'success', data: { ...body, ...rechazo } });
  });

  /**
   * Makes MH hold a document as given, whatever it held before: what it would hold had it accepted (or
   * invalidated) a document the service does not know of, or with another sello. For reconciliation tests.
   */
  router.post('/documentos', async (req, res) => {
    const body = leer(res, esquemas.plantar, req.body);
    if (!body) return;
    const ahora = new Date();
    const previo = await store.documentos.porCodigo(body.codigoGeneracion);
    const documento: Documento = {
      _id: body.codigoGeneracion,
      codigoGeneracion: body.codigoGeneracion,
      nitEmisor: body.emisor,
      tipoDte: body.tipoDte,
      version: body.version ?? previo?.version ?? 1,
      ambiente: body.ambiente ?? previo?.ambiente ?? '00',
      numeroControl: body.numeroControl ?? previo?.numeroControl ?? null,
      fecEmi: body.fecEmi ?? previo?.fecEmi ?? ahora.toISOString().slice(0, 10),
      selloRecibido: body.selloRecibido ?? previo?.selloRecibido ?? nuevoSello(ahora),
      fhProcesamiento: previo?.fhProcesamiento ?? fhProcesamiento(ahora),
      recibidoEn: previo?.recibidoEn ?? ahora,
      estado: body.estado,
      relacionados: previo?.relacionados ?? [],
      codigoLote: previo?.codigoLote ?? null,
      observaciones: previo?.observaciones ?? [],
      invalidacion: body.estado === 'INVALIDADO' ? (previo?.invalidacion ?? null) : null,
    };
    await store.documentos.plantar(documento);
    res.status(201).json({ status: 'success', data: documento });
  });

  /** Makes MH forget a document it accepted, as if it had never received it. */
  router.post('/documentos/olvidar', async (req, res) => {
    const body = leer(res, esquemas.olvidar, req.body);
    if (!body) return;
    const olvidado = await store.documentos.olvidar(body.codigoGeneracion);
    res.json({ status: 'success', data: { codigoGeneracion: body.codigoGeneracion, olvidado } });
  });

  /** Every codigoGeneracion MH saw, how many times and through which service: the proof of "exactly once". */
  router.get('/documentos', async (req, res) => {
    const filtro: Record<string, string> = {};
    if (typeof req.query.emisor === 'string') filtro.nitEmisor = req.query.emisor;
    if (typeof req.query.codigoGeneracion === 'string') filtro.codigoGeneracion = req.query.codigoGeneracion;
    const [recepciones, documentos] = await Promise.all([
      store.recepciones.listar(filtro),
      store.documentos.listar(filtro),
    ]);
    const porCodigo = new Map<
      string,
      { codigoGeneracion: string | null; nitEmisor: string; recepciones: number; respuestas: unknown[] }
    >();
    for (const r of recepciones) {
      const clave = `${r.nitEmisor}/${r.codigoGeneracion}`;
      const fila = porCodigo.get(clave) ?? {
        codigoGeneracion: r.codigoGeneracion,
        nitEmisor: r.nitEmisor,
        recepciones: 0,
        respuestas: [],
      };
      fila.recepciones += 1;
      fila.respuestas.push({
        servicio: r.servicio,
        tipoDte: r.tipoDte,
        estado: r.estado,
        codigoMsg: r.codigoMsg,
        en: r.en,
      });
      porCodigo.set(clave, fila);
    }
    const data = [...porCodigo.values()].map((fila) => {
      const documento = documentos.find((d) => d.codigoGeneracion === fila.codigoGeneracion);
      return {
        ...fila,
        registrado: documento
          ? {
              tipoDte: documento.tipoDte,
              estado: documento.estado,
              selloRecibido: documento.selloRecibido,
              codigoLote: documento.codigoLote,
              firmaSha256: documento.firmaSha256 ?? null,
            }
          : null,
      };
    });
    res.json({ status: 'success', data });
  });

  /** What MH's portal counts towards an emisor's certification: its accepted documents and events in "00". */
  router.get('/certificacion/:nit', async (req, res) => {
    const params = leer(res, esquemas.certificacion, req.params);
    if (!params) return;
    res.json({ status: 'success', data: await conteoCertificacion(store, params.nit) });
  });

  router.get('/state', async (_req, res) => {
    res.json({ status: 'success', data: await store.control.todos() });
  });

  /** Forgets everything, or only what belongs to one emisor. The token secret survives: tokens stay verifiable. */
  router.post('/reset', async (req, res) => {
    const body = leer(res, esquemas.reset, req.body);
    if (!body) return;
    const nit = body.emisor;
    await store.olvidar(nit);
    controles.cambiaron();
    res.json({ status: 'success', data: { emisor: nit ?? null } });
  });

  return router;
}
