import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { decodeDteJws } from '@dte/domain';
import { z } from 'zod';
import type { Controles } from '../control/estado';
import { errorSpring, hallazgo, observacion, type RespuestaMh } from '../respuesta';
import { sesion } from '../seguridad/rutas';
import type { Lote, Store } from '../store';
import { fhProcesamiento } from '../tiempo';
import { recibirDte } from './recibir';
import { entero, parametros } from '../peticion';
import { respuestaDeConsulta } from './rutas';
import { campoTipo, objeto } from './verificaciones';

/** MH's limit per lote (Manual Técnico §3.4). */
const MAX_DOCUMENTOS = 100;
const UUID_MAYUSCULAS = /^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/;

const cuerpoLote = z.object({
  ambiente: z.string(),
  idEnvio: z.string(),
  version: entero,
  nitEmisor: z.string(),
  documentos: z.array(z.string()),
});

type Json = Record<string, unknown>;

/**
 * Lotes are answered at once with a codigoLote and processed later, like MH (1–3 minutes there, a
 * configurable delay here), one at a time in the order their delay ends: a client that sent several sees
 * the first one's results first, not all of them at the end. Pending lotes live in the DB, so a restart
 * resumes them.
 */
export class ProcesadorLotes {
  private readonly timers = new Set<NodeJS.Timeout>();
  private cola: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly controles: Controles,
    private readonly onError: (error: unknown) => void,
  ) {}

  programar(lote: Pick<Lote, '_id' | 'procesarDesde'>): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.cola = this.cola.then(() => this.procesar(lote._id).catch(this.onError));
      },
      Math.max(0, lote.procesarDesde.getTime() - Date.now()),
    );
    this.timers.add(timer);
  }

  /** Lotes left pending or half-done by a previous run of the simulator. */
  async reanudar(): Promise<void> {
    for (const lote of await this.store.lotes.pendientes()) {
      this.programar(lote);
    }
  }

  detener(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private async procesar(codigoLote: string): Promise<void> {
    const lote = await this.store.lotes.reclamar(codigoLote);
    if (!lote) return;
    const contenido = await this.store.lotes.documentos(codigoLote);
    if (!contenido) throw new Error(`Lote ${codigoLote}: sus documentos no están guardados`);
    const emisor = await this.store.emisores.porNit(lote.nitEmisor);
    if (!emisor) throw new Error(`Lote ${codigoLote}: el emisor ${lote.nitEmisor} ya no está registrado`);
    const procesados: RespuestaMh[] = [];
    const rechazados: RespuestaMh[] = [];
    for (const documento of contenido.documentos) {
      const identificacion = objeto((decodeDteJws(documento)?.payload as Json | undefined)?.identificacion);
      const codigoGeneracion =
        typeof identificacion.codigoGeneracion === 'string' ? identificacion.codigoGeneracion : null;
      // A resumed lote may already hold some of its documents: report them as processed, not duplicated.
      const guardado = codigoGeneracion ? await this.store.documentos.porCodigo(codigoGeneracion) : null;
      const previo = guardado?.codigoLote === codigoLote ? guardado : null;
      if (previo) {
        procesados.push(respuestaDeConsulta(previo));
        continue;
      }
      const respuesta = await recibirDte(
        { store: this.store, controles: this.controles, emisor, ahora: await this.controles.ahora(lote.nitEmisor) },
        {
          ambiente: lote.ambiente,
          version: Number(identificacion.version),
          tipoDte: String(identificacion[campoTipo(identificacion)]),
          codigoGeneracion,
          documento,
          codigoLote,
        },
        'recepcionlote',
      );
      (respuesta.estado === 'PROCESADO' ? procesados : rechazados).push(respuesta);
    }
    await this.store.lotes.terminar(codigoLote, { nitEmisor: lote.nitEmisor, procesados, rechazados });
  }
}

export function rutasLote(store: Store, controles: Controles, procesador: ProcesadorLotes): Router {
  const router = Router();

  router.post('/fesv/recepcionlote', async (req, res) => {
    const body = parametros(cuerpoLote, req.body);
    if (!body.ok) return errorSpring(res, 400, body.mensaje);
    const { emisor, ahora } = sesion(res);
    const { ambiente, idEnvio, version, nitEmisor, documentos } = body.datos;
    const problemas = [
      ...(UUID_MAYUSCULAS.test(idEnvio) ? [] : [hallazgo('006', 'idEnvio')]),
      ...(nitEmisor === emisor.nit ? [] : [hallazgo('008', 'nitEmisor')]),
      ...(documentos.length >= 1 && documentos.length <= MAX_DOCUMENTOS ? [] : [hallazgo('003', 'documentos')]),
    ];
    const respuesta = { version, ambiente, versionApp: 2, idEnvio, fhProcesamiento: fhProcesamiento(ahora) };
    if (problemas.length) {
      const [primero] = problemas as [(typeof problemas)[0]];
      return res.status(400).json({
        ...respuesta,
        estado: 'RECHAZADO',
        codigoLote: null,
        clasificaMsg: primero.clasificaMsg,
        codigoMsg: primero.codigoMsg,
        descripcionMsg: observacion(primero),
        observaciones: problemas.map(observacion),
      });
    }
    const { loteDelayMs } = await controles.para(emisor.nit);
    const codigoLote = randomUUID().toUpperCase();
    const lote = {
      _id: codigoLote,
      idEnvio,
      nitEmisor,
      ambiente,
      estado: 'RECIBIDO' as const,
      procesarDesde: new Date(Date.now() + loteDelayMs),
    };
    await store.lotes.registrar(lote, documentos);
    procesador.programar(lote);
    res.json({
      ...respuesta,
      estado: 'RECIBIDO',
      codigoLote,
      clasificaMsg: '10',
      codigoMsg: '001',
      descripcionMsg: 'LOTE RECIBIDO',
    });
  });

  /** Until processed, both lists are empty: MH's clients poll this until the results appear. */
  router.get('/fesv/recepcion/consultadtelote/:codigoLote', async (req, res) => {
    const { emisor } = sesion(res);
    const resultados = await store.lotes.resultados(req.params.codigoLote);
    if (resultados?.nitEmisor === emisor.nit)
      return res.json({ procesados: resultados.procesados, rechazados: resultados.rechazados });
    const lote = await store.lotes.emisorDe(req.params.codigoLote);
    if (lote?.nitEmisor !== emisor.nit) return errorSpring(res, 404, `No existe el lote ${req.params.codigoLote}`);
    res.json({ procesados: [], rechazados: [] });
  });

  return router;
}
