import { Router } from 'express';
import { decodeDteJws, esquemaDe, generacionDe } from '@dte/domain';
import { z } from 'zod';
import type { Controles } from '../control/estado';
import { parametros } from '../peticion';
import { verificarCatalogos } from '../recepcion/catalogos';
import { verificarIdentificaciones } from '../recepcion/condiciones';
import { NORMATIVA_NO_VIGENTE, normativaVigente } from '../recepcion/normativa';
import { registrarRecepcion } from '../recepcion/recibir';
import {
  abrirFirmado,
  dentroDeHolguraDeFecha,
  emisorEsUsuario,
  objeto,
  verificarEsquema,
} from '../recepcion/verificaciones';
import { errorSpring, hallazgo, nuevoSello, observacion, type Hallazgo } from '../respuesta';
import { sesion } from '../seguridad/rutas';
import { isDuplicateKey, type Emisor, type Store } from '../store';
import { fhProcesamiento, instanteLocal } from '../tiempo';

type Json = Record<string, unknown>;

const cuerpoContingencia = z.object({ nit: z.string(), documento: z.string().min(1) });

/** The event must reach MH within 24 h after the contingency ended (Manual Funcional §IX). */
const PLAZO_EVENTO_MS = 24 * 3600 * 1000;

/**
 * A contingency of CAT-005 type 5 ("Otro") says why: contingencia-schema-v3's if/then, which v4 leaves to
 * MH's code (005 DEBE PROPORCIONAR UN VALOR).
 */
function motivoOtro(evento: Json): Hallazgo[] {
  const motivo = evento.motivo as Json;
  const sinMotivo = typeof motivo.motivoContingencia !== 'string' || motivo.motivoContingencia.trim() === '';
  return motivo.tipoContingencia === 5 && sinMotivo ? [hallazgo('005', 'motivo.motivoContingencia')] : [];
}

/** Version 3 (2023) or 4 (2026), by the event's own version; either may list documents of both generations. */
async function revisar(controles: Controles, store: Store, emisor: Emisor, nit: string, jws: string, ahora: Date) {
  if (nit !== emisor.nit) return { hallazgos: [hallazgo('008', 'nit')] };
  const abierto = abrirFirmado(jws, emisor);
  if (abierto.hallazgos) return { hallazgos: abierto.hallazgos };
  const evento = abierto.documento;
  // Without a version to go by, the event is held to the current schema, whose violations then say why.
  const propia = objeto(evento.identificacion).version;
  const version = typeof propia === 'number' ? propia : 4;
  const sinEsquema = `[identificacion.version] NO EXISTE ESQUEMA DE CONTINGENCIA VERSION ${version}`;
  const violaciones = verificarEsquema(esquemaDe('contingencia', version), evento, sinEsquema);
  if (violaciones.length) return { hallazgos: violaciones };

  const identificacion = evento.identificacion as Json;
  const noVigente = await normativaVigente(controles, emisor.nit, 'contingencia', version, identificacion);
  if (noVigente.length) return { hallazgos: noVigente, mensaje: NORMATIVA_NO_VIGENTE };

  const motivo = evento.motivo as Json;
  const detalle = (evento.detalleDTE as Json[]).map((d) => String(d.codigoGeneracion));
  const inicio = instanteLocal(String(motivo.fInicio), String(motivo.hInicio));
  const fin = instanteLocal(String(motivo.fFin), String(motivo.hFin));
  const hallazgos: Hallazgo[] = [
    ...emisorEsUsuario(emisor, evento),
    ...((await store.contingencias.existe(String(identificacion.codigoGeneracion)))
      ? [hallazgo('004', 'identificacion.codigoGeneracion')]
      : []),
    ...verificarCatalogos(evento, generacionDe('contingencia', version)!),
    ...verificarIdentificaciones(evento),
    ...motivoOtro(evento),
    ...(new Set(detalle).size === detalle.length ? [] : [hallazgo('025', 'detalleDTE')]),
    ...(inicio <= fin && dentroDeHolguraDeFecha(String(motivo.fFin), String(motivo.hFin), ahora)
      ? []
      : [hallazgo('017', 'motivo.fFin')]),
    ...(ahora.getTime() > fin.getTime() + PLAZO_EVENTO_MS ? [hallazgo('018', 'motivo.fFin')] : []),
  ];
  return hallazgos.length
    ? { hallazgos }
    : { evento, identificacion, detalle, inicio, fin, tipoContingencia: Number(motivo.tipoContingencia) };
}

/** `POST /fesv/contingencia`: its own answer shape, `{estado, fechaHora, mensaje, selloRecibido, observaciones}`. */
export function rutasContingencia(store: Store, controles: Controles): Router {
  const router = Router();
  router.post('/fesv/contingencia', async (req, res) => {
    const body = parametros(cuerpoContingencia, req.body);
    if (!body.ok) return errorSpring(res, 400, body.mensaje);
    const { emisor, ahora } = sesion(res);
    const fechaHora = fhProcesamiento(ahora);
    const rechazar = async (hallazgos: Hallazgo[], mensaje = 'Validaciones no superadas') => {
      const payload = decodeDteJws(body.datos.documento)?.payload as Json | undefined;
      const codigoGeneracion = (payload?.identificacion as Json | undefined)?.codigoGeneracion;
      await registrarRecepcion(
        store,
        {
          codigoGeneracion: typeof codigoGeneracion === 'string' ? codigoGeneracion : null,
          nitEmisor: emisor.nit,
          servicio: 'contingencia',
          tipoDte: null,
          estado: 'RECHAZADO',
          codigoMsg: hallazgos[0]!.codigoMsg,
        },
        ahora,
      );
      res.status(400).json({
        estado: 'RECHAZADO',
        fechaHora,
        mensaje,
        selloRecibido: null,
        observaciones: hallazgos.map(observacion),
      });
    };

    const revision = await revisar(controles, store, emisor, body.datos.nit, body.datos.documento, ahora);
    if (revision.hallazgos) return rechazar(revision.hallazgos, revision.mensaje);
    const { identificacion, detalle, inicio, fin, tipoContingencia } = revision;
    const selloRecibido = nuevoSello(ahora);
    const codigoGeneracion = String(identificacion.codigoGeneracion);
    // Before the event, so a retry after a failure here finds no event yet and writes them again. A document
    // listed again (a new event after a lote left it out) is checked against the newest event.
    await store.documentosContingencia.listar(detalle, {
      nitEmisor: emisor.nit,
      evento: codigoGeneracion,
      inicio,
      fin,
      recibidoEn: ahora,
    });
    try {
      await store.contingencias.registrar({
        _id: codigoGeneracion,
        nitEmisor: emisor.nit,
        ambiente: String(identificacion.ambiente),
        tipoContingencia,
        version: Number(identificacion.version),
        detalle,
        inicio,
        fin,
        selloRecibido,
        recibidoEn: ahora,
      });
    } catch (error) {
      if (isDuplicateKey(error)) return rechazar([hallazgo('004', 'identificacion.codigoGeneracion')]);
      throw error;
    }
    await registrarRecepcion(
      store,
      {
        codigoGeneracion,
        nitEmisor: emisor.nit,
        servicio: 'contingencia',
        tipoDte: null,
        estado: 'RECIBIDO',
        codigoMsg: '001',
      },
      ahora,
    );
    res.json({ estado: 'RECIBIDO', fechaHora, mensaje: 'Documento recibido', selloRecibido, observaciones: [] });
  });
  return router;
}
