import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { isCancellation, log, ParentClosePolicy, patched } from '@temporalio/workflow';
import {
  executeChildOf,
  LecturaBuzon,
  RecibirCompra,
  startChildOf,
  type DteErrorDetails,
  type LecturaBuzones,
  type ResumenLecturaBuzon,
  type WorkflowFn,
} from '@dte/contract';
import { buzonSteps, databaseSteps } from '../policies';
import { dteRefusal } from '../refusal';

/** Messages one activity fetches and parses: a batch's files are stored before its verifications start. */
const BUZON_LOTE = 25;
/**
 * Batches one reading takes at most (500 messages): a mailbox configured over years of mail is worked
 * through by the following readings, each history staying small.
 */
const LOTES_POR_LECTURA = 20;

/**
 * One emisor's mailbox (see `LecturaBuzon`): batch by batch, each Archivo DTE goes to its own
 * `RecibirCompra`, started by the document's workflow id and left to run on its own (ABANDON), then the
 * batch's messages are marked. A verification already running under that id (the same document in two
 * messages, or sent to POST /compras too) is that document taken; one that ended is started again and
 * finds the document on record (a duplicate).
 */
export const LecturaBuzonWorkflow: WorkflowFn<typeof LecturaBuzon> = async ({ emisorId }) => {
  const resumen: ResumenLecturaBuzon = { emisorId, mensajes: 0, tomados: 0, informes: 0, quedan: false, error: null };
  for (let n = 0; n < LOTES_POR_LECTURA; n++) {
    let lote;
    try {
      lote = await buzonSteps.leerBuzon({ emisorId, limite: BUZON_LOTE });
    } catch (err) {
      const refusal = dteRefusal(err);
      const details = refusal?.details?.[0] as DteErrorDetails | undefined;
      // ErrorCode.BUZON_INACCESIBLE: the domain is outside the workflows' wall.
      if (details?.code !== 'BUZON_INACCESIBLE') throw refusal ?? err;
      // Recorded on the mailbox by the step; the next scheduled reading tries again.
      return { ...resumen, error: String(details.details.detalle ?? details.message) };
    }
    for (const { mensajeId, entrantes } of lote.mensajes)
      for (const { codigoGeneracion, jsonKey, pdfKey } of entrantes) {
        try {
          await startChildOf(RecibirCompra, {
            workflowId: RecibirCompra.workflowId(emisorId, codigoGeneracion),
            args: [{ emisorId, codigoGeneracion, jsonKey, pdfKey, origen: 'CORREO', mensajeId }],
            parentClosePolicy: ParentClosePolicy.ABANDON,
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
        resumen.tomados++;
      }
    await buzonSteps.marcarTomados({ emisorId, uidValidity: lote.uidValidity, uids: lote.mensajes.map((m) => m.uid) });
    resumen.mensajes += lote.mensajes.length;
    resumen.informes += lote.informes;
    resumen.quedan = lote.quedan;
    if (!lote.quedan) break;
  }
  const { mensajes, tomados, informes } = resumen;
  await buzonSteps.registrarLectura({ emisorId, mensajes, tomados, informes });
  return resumen;
};

/**
 * Changes since executions of these workflows were first recorded, each kept behind `patched()` so an
 * execution recorded before it replays as it ran (apps/worker/test/replay.test.ts).
 */
export const Cambios = {
  /**
   * The schedule's run reads up to `BUZONES_A_LA_VEZ` mailboxes at once: before, one after the other, so a
   * server that never answers (its connection waits out its timeouts) held back every other emisor's reading.
   */
  buzonesALaVez: 'buzones-a-la-vez',
} as const;

/** Mailboxes one run of the schedule reads at once. */
const BUZONES_A_LA_VEZ = 8;

/**
 * The schedule's run: every configured mailbox, one child each, several at once. A mailbox being read
 * already (POST /buzon/lectura) is left to that reading; one that fails or hangs holds back none of the others.
 */
export const LecturaBuzonesWorkflow: WorkflowFn<typeof LecturaBuzones> = async () => {
  const emisores = await databaseSteps.buzonesConfigurados();
  const leidos: (ResumenLecturaBuzon | null)[] = [];
  const leer = async (i: number) => {
    const emisorId = emisores[i]!;
    try {
      leidos[i] = await executeChildOf(LecturaBuzon, {
        workflowId: LecturaBuzon.workflowId(emisorId),
        args: [{ emisorId }],
      });
    } catch (err) {
      if (isCancellation(err)) throw err;
      log.warn('mailbox reading failed', { emisorId, error: String(err) });
      leidos[i] = null;
    }
  };
  const aLaVez = patched(Cambios.buzonesALaVez) ? BUZONES_A_LA_VEZ : 1;
  let siguiente = 0;
  await Promise.all(
    Array.from({ length: Math.min(aLaVez, emisores.length) }, async () => {
      while (siguiente < emisores.length) await leer(siguiente++);
    }),
  );
  return leidos.filter((r): r is ResumenLecturaBuzon => r !== null);
};
