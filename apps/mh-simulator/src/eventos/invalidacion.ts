import { Router } from 'express';
import { decodeDteJws, esquemaDe, generacionDe, type TipoDte } from '@dte/domain';
import { z } from 'zod';
import type { Controles } from '../control/estado';
import { entero, parametros } from '../peticion';
import { verificarCatalogos } from '../recepcion/catalogos';
import { verificarIdentificaciones } from '../recepcion/condiciones';
import { NORMATIVA_NO_VIGENTE, normativaVigente } from '../recepcion/normativa';
import { registrarRecepcion } from '../recepcion/recibir';
import { devolverRetorno } from '../recepcion/retornos';
import { abrirFirmado, emisorEsUsuario, objeto, verificarEsquema } from '../recepcion/verificaciones';
import {
  aceptado,
  enviarRespuesta,
  errorSpring,
  hallazgo,
  nuevoSello,
  rechazado,
  type Hallazgo,
  type RespuestaMh,
} from '../respuesta';
import { sesion } from '../seguridad/rutas';
import { isDuplicateKey, type Documento, type Emisor, type Store } from '../store';
import { fhProcesamiento, finDelDia, finDelDiaHabilDelMesSiguiente, finDelDiaMesesDespues } from '../tiempo';

type Json = Record<string, unknown>;

const cuerpoInvalidacion = z.object({
  ambiente: z.string(),
  idEnvio: entero,
  version: entero,
  documento: z.string().min(1),
});

/**
 * Invalidation windows by the event's version. v2 (2023): Manual Funcional v1.2 §VIII (FACTS.md §5.6), FE,
 * FEX and FSE three months after the sello, every other type until 23:59:59 of the day after it. v3 (2026):
 * the Normativa DTE 2.0 annex as the annexes' digest reads it: CCF, CR, NC, ND one day; NR, CD and the
 * retorno four; CL and DCL the 10th business day (Monday to Friday) of the next month; FE, FEX, FSE three months.
 */
type Limite = (recibidoEn: Date) => Date;
const unDia: Limite = (recibidoEn) => finDelDia(recibidoEn, 1);
const cuatroDias: Limite = (recibidoEn) => finDelDia(recibidoEn, 4);
const tresMeses: Limite = (recibidoEn) => finDelDiaMesesDespues(recibidoEn, 3);
const decimoDiaHabil: Limite = (recibidoEn) => finDelDiaHabilDelMesSiguiente(recibidoEn, 10);
const PLAZOS_INVALIDACION = {
  '01': { v2: tresMeses, v3: tresMeses },
  '03': { v2: unDia, v3: unDia },
  '04': { v2: unDia, v3: cuatroDias },
  '05': { v2: unDia, v3: unDia },
  '06': { v2: unDia, v3: unDia },
  '07': { v2: unDia, v3: unDia },
  '08': { v2: unDia, v3: decimoDiaHabil },
  '09': { v2: unDia, v3: decimoDiaHabil },
  '11': { v2: tresMeses, v3: tresMeses },
  '14': { v2: tresMeses, v3: tresMeses },
  '15': { v2: unDia, v3: cuatroDias },
  '18': { v2: unDia, v3: cuatroDias },
} satisfies Record<TipoDte, { v2: Limite; v3: Limite }>;
/** The types MH lets be invalidated for three months. */
const TRES_MESES = new Set(
  Object.entries(PLAZOS_INVALIDACION)
    .filter(([, plazo]) => plazo.v3 === tresMeses)
    .map(([tipoDte]) => tipoDte),
);
function limiteInvalidacion(documento: Pick<Documento, 'tipoDte' | 'recibidoEn'>, versionEvento: number): Date {
  const { tipoDte, recibidoEn } = documento;
  // MH takes any CAT-002 type; one the service does not issue gets the common window.
  const plazo = (PLAZOS_INVALIDACION as Readonly<Record<string, { v2: Limite; v3: Limite }>>)[tipoDte];
  return (plazo?.[versionEvento >= 3 ? 'v3' : 'v2'] ?? unDia)(recibidoEn);
}

/**
 * An NC or CL is invalidated before its replacement is issued (Manual Funcional v1.2 §XVIII: "Se exceptúa de
 * esta condición la Nota de Crédito y Comprobante de Liquidación"), so its codigoGeneracionR never names an
 * accepted document: a v3 event carries null (Normativa DTE 2.0 Anexo V N°48; 024 otherwise), while the v2
 * schema makes types 1 and 3 carry a string, which is not looked up. The Evento de Retorno, which only a v3
 * event names, is invalidated the same way: what it gave back of its Factura is freed by its invalidation,
 * before a corrected retorno can take it (invalidacion-schema-v3 admits null for every type; the 2026
 * annex as issue 48's review reads it).
 */
const SIN_REEMPLAZO_PREVIO = {
  '01': false,
  '03': false,
  '04': false,
  '05': true,
  '06': false,
  '07': false,
  '08': true,
  '09': false,
  '11': false,
  '14': false,
  '15': false,
  '18': true,
} satisfies Record<TipoDte, boolean>;
const sinReemplazoPrevio = (tipoDte: string) =>
  (SIN_REEMPLAZO_PREVIO as Readonly<Record<string, boolean>>)[tipoDte] === true;

/**
 * The DTEs MH lets be invalidated for three months (FE, FEX, FSE) are invalidated by an event of its own
 * date; for the others the v3 event's `identificacion.fecEmi` must be the invalidated DTE's: apitest
 * rejected an NC's invalidation dated otherwise with 027 "[identificacion.fecEmi] DATO NO COINCIDE CON DTE"
 * (Melquisspana/Sistema_Facturacion, docs/INVALIDACION_DTE.md, July 2026). The exception for the three
 * is the reading the service follows, not something MH has been seen to answer.
 */
function fechaDelEvento(evento: Json, original: Documento): Hallazgo[] {
  const identificacion = evento.identificacion as Json;
  if (identificacion.version !== 3 || TRES_MESES.has(original.tipoDte)) return [];
  return identificacion.fecEmi === original.fecEmi ? [] : [hallazgo('027', 'identificacion.fecEmi')];
}

async function reglasDelDocumento(store: Store, emisor: Emisor, evento: Json, ahora: Date): Promise<Hallazgo[]> {
  const anulado = evento.documento as Json;
  const motivo = evento.motivo as Json;
  const codigoGeneracion = String(anulado.codigoGeneracion);
  const original = await store.documentos.deEmisor(codigoGeneracion, emisor.nit);
  if (!original) return [hallazgo('014', 'documento.codigoGeneracion')];
  if (original.estado === 'INVALIDADO') return [hallazgo('015', 'documento.codigoGeneracion')];

  // A Retorno is registered without numeroControl and a v3 event names it with null.
  const hallazgos: Hallazgo[] = (['tipoDte', 'selloRecibido', 'numeroControl', 'fecEmi'] as const)
    .filter((campo) => anulado[campo] !== original[campo])
    .map((campo) => hallazgo('027', `documento.${campo}`));
  hallazgos.push(...fechaDelEvento(evento, original));
  const versionEvento = Number((evento.identificacion as Json).version);
  const fecha = versionEvento === 2 ? 'fecAnula' : 'fecEmi';
  if (ahora > limiteInvalidacion(original, versionEvento)) hallazgos.push(hallazgo('018', `identificacion.${fecha}`));

  const reemplazo = anulado.codigoGeneracionR;
  // Rescinding (type 2) replaces nothing: anulacion-schema-v2 makes it null, and v3 kept the rule.
  const sinReemplazo = motivo.tipoAnulacion === 2 || (versionEvento >= 3 && sinReemplazoPrevio(original.tipoDte));
  if (sinReemplazo && reemplazo != null) {
    hallazgos.push(hallazgo('024', 'documento.codigoGeneracionR'));
  } else if (motivo.tipoAnulacion !== 2 && !sinReemplazoPrevio(original.tipoDte)) {
    if (reemplazo === codigoGeneracion) hallazgos.push(hallazgo('003', 'documento.codigoGeneracionR'));
    else if (!(await store.documentos.hayProcesado(reemplazo, emisor.nit))) {
      hallazgos.push(hallazgo('014', 'documento.codigoGeneracionR'));
    }
  }
  // Type 3 (otro) says why: anulacion-schema-v2's if/then, a rule v3's schema leaves to MH's code.
  if (motivo.tipoAnulacion === 3 && !motivo.motivoAnulacion) hallazgos.push(hallazgo('005', 'motivo.motivoAnulacion'));
  // A CCF with live credit or debit notes (or a FE with a live Retorno) cannot be invalidated until they are.
  if (await store.documentos.hayRelacionadoProcesado(codigoGeneracion)) {
    hallazgos.push(hallazgo('028', 'documento.codigoGeneracion'));
  }
  return hallazgos;
}

/** Version 2 (anulacion-schema-v2, 2023) or 3 (invalidacion-schema-v3, 2026), by the event's own version. */
async function invalidar(
  store: Store,
  controles: Controles,
  emisor: Emisor,
  ambiente: string,
  version: number,
  jws: string,
  ahora: Date,
): Promise<RespuestaMh> {
  const payload = decodeDteJws(jws)?.payload as Json | undefined;
  const codigo = (payload?.identificacion as Json | undefined)?.codigoGeneracion;
  const base = { ambiente, codigoGeneracion: typeof codigo === 'string' ? codigo : null, ahora };

  const abierto = abrirFirmado(jws, emisor);
  if (abierto.hallazgos) return rechazado(base, abierto.hallazgos);
  const evento = abierto.documento;
  const propia = objeto(evento.identificacion).version;
  const versionEvento = typeof propia === 'number' ? propia : version;
  const sinEsquema = `[identificacion.version] NO EXISTE ESQUEMA DE INVALIDACION VERSION ${versionEvento}`;
  const violaciones = verificarEsquema(esquemaDe('invalidacion', versionEvento), evento, sinEsquema);
  if (violaciones.length) return rechazado(base, violaciones);

  const identificacion = evento.identificacion as Json;
  const noVigente = await normativaVigente(controles, emisor.nit, 'invalidacion', versionEvento, identificacion);
  if (noVigente.length) return rechazado(base, noVigente, NORMATIVA_NO_VIGENTE);

  const codigoGeneracion = String(identificacion.codigoGeneracion);
  const hallazgos = [
    ...(identificacion.version === version ? [] : [hallazgo('027', 'identificacion.version')]),
    ...(identificacion.ambiente === ambiente ? [] : [hallazgo('027', 'identificacion.ambiente')]),
    ...emisorEsUsuario(emisor, evento),
    ...((await store.invalidaciones.existe(codigoGeneracion))
      ? [hallazgo('004', 'identificacion.codigoGeneracion')]
      : []),
    ...verificarCatalogos(evento, generacionDe('invalidacion', versionEvento)!),
    ...verificarIdentificaciones(evento),
    ...(await reglasDelDocumento(store, emisor, evento, ahora)),
  ];
  if (hallazgos.length) return rechazado(base, hallazgos);

  const documento = String((evento.documento as Json).codigoGeneracion);
  const registro = {
    ambiente,
    codigoGeneracion,
    selloRecibido: nuevoSello(ahora),
    fhProcesamiento: fhProcesamiento(ahora),
  };
  try {
    await store.invalidaciones.registrar({
      codigoGeneracion,
      nitEmisor: emisor.nit,
      ambiente,
      tipoAnulacion: Number((evento.motivo as Json).tipoAnulacion),
      documento,
      selloRecibido: registro.selloRecibido,
      recibidoEn: ahora,
    });
  } catch (error) {
    if (isDuplicateKey(error)) return rechazado(base, [hallazgo('004', 'identificacion.codigoGeneracion')]);
    throw error;
  }
  // No transactions: the event is stored first and withdrawn if another event invalidated the DTE meanwhile.
  const invalidacion = {
    codigoGeneracion,
    selloRecibido: registro.selloRecibido,
    fhProcesamiento: registro.fhProcesamiento,
  };
  const cambiado = await store.documentos.invalidar(documento, invalidacion);
  if (!cambiado) {
    await store.invalidaciones.retirar(codigoGeneracion);
    return rechazado(base, [hallazgo('015', 'documento.codigoGeneracion')]);
  }
  // An invalidated retorno no longer counts against what its original may give back.
  if (cambiado.retorno) await devolverRetorno(store, cambiado.retorno);
  return aceptado(registro, [], 'Invalidación Recibida y Procesada');
}

/** `POST /fesv/anulardte`: the invalidation event v2 or v3; afterwards consultadte reports the DTE INVALIDADO. */
export function rutasInvalidacion(store: Store, controles: Controles): Router {
  const router = Router();
  router.post('/fesv/anulardte', async (req, res) => {
    const body = parametros(cuerpoInvalidacion, req.body);
    if (!body.ok) return errorSpring(res, 400, body.mensaje);
    const { emisor, ahora } = sesion(res);
    const { ambiente, version, documento } = body.datos;
    const respuesta = await invalidar(store, controles, emisor, ambiente, version, documento, ahora);
    await registrarRecepcion(
      store,
      {
        codigoGeneracion: respuesta.codigoGeneracion,
        nitEmisor: emisor.nit,
        servicio: 'anulardte',
        tipoDte: null,
        estado: respuesta.estado,
        codigoMsg: respuesta.codigoMsg,
      },
      ahora,
    );
    enviarRespuesta(res, respuesta);
  });
  return router;
}
