import { Router } from 'express';
import { z } from 'zod';
import type { Controles } from '../control/estado';
import { entero, parametros } from '../peticion';
import { aceptado, enviarRespuesta, errorSpring, hallazgo, rechazado } from '../respuesta';
import { sesion } from '../seguridad/rutas';
import type { Documento, Store } from '../store';
import { consultaPermitida } from './consulta';
import { recibirDte } from './recibir';

const cuerpoRecepcion = z.object({
  ambiente: z.string(),
  idEnvio: entero,
  version: entero,
  tipoDte: z.string(),
  documento: z.string().min(1),
  codigoGeneracion: z.string(),
});

const cuerpoConsulta = z.object({ nitEmisor: z.string(), tdte: z.string(), codigoGeneracion: z.string() });

/** What consultadte says about a registered document; an invalidated one keeps its sello. */
export function respuestaDeConsulta(documento: Documento) {
  const respuesta = aceptado(documento, documento.observaciones);
  if (documento.estado !== 'INVALIDADO') return respuesta;
  return { ...respuesta, estado: 'INVALIDADO' as const, descripcionMsg: 'DOCUMENTO INVALIDADO' };
}

export function rutasRecepcion(store: Store, controles: Controles): Router {
  const router = Router();

  router.post('/fesv/recepciondte', async (req, res) => {
    const body = parametros(cuerpoRecepcion, req.body);
    if (!body.ok) return errorSpring(res, 400, body.mensaje);
    const { emisor, ahora } = sesion(res);
    const respuesta = await recibirDte(
      { store, controles, emisor, ahora },
      { ...body.datos, codigoLote: null },
      'recepciondte',
    );
    enviarRespuesta(res, respuesta);
  });

  router.post('/fesv/recepcion/consultadte', async (req, res) => {
    const body = parametros(cuerpoConsulta, req.body);
    if (!body.ok) return errorSpring(res, 400, body.mensaje);
    const { emisor, ahora } = sesion(res);
    const { nitEmisor, tdte, codigoGeneracion } = body.datos;
    const guardado = await store.documentos.porCodigo(codigoGeneracion);
    const documento =
      guardado && consultaPermitida(guardado, nitEmisor, emisor.nit) && guardado.tipoDte === tdte ? guardado : null;
    if (documento) return enviarRespuesta(res, respuestaDeConsulta(documento));
    enviarRespuesta(res, rechazado({ ambiente: '00', codigoGeneracion, ahora }, [hallazgo('014', 'codigoGeneracion')]));
  });

  return router;
}
