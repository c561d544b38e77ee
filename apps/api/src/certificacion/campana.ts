import { randomUUID } from 'node:crypto';
import {
  QueryNotRegisteredError,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
} from '@temporalio/client';
import type { Config } from '@dte/config';
import {
  comprobarPlan,
  DteError,
  ErrorCode,
  parsePlan,
  planPorDefecto,
  type ContribuyenteRegistrado,
} from '@dte/domain';
import { Certificacion, RITMO_CERTIFICACION, SearchAttributeKeys } from '@dte/contract';
import type { DteWorkflowClient } from '@dte/contract/client';
import { Certificaciones, tiposAutorizados, type Database } from '@dte/store';
import { issuerDe, type Authenticated } from '../http/auth';

/** What starting and following a campaign needs: the API's context, or the admin CLI's. */
export interface CampanaContext {
  db: Database;
  workflows: DteWorkflowClient;
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>;
}

/** POST /certificacion's body and the CLI's options: `plan` as `--plan 01=90,03=75,invalidacion=5,contingencia=5`. */
export interface PedidoCampana {
  plan?: string;
  ritmo?: number;
  contribuyentes?: ContribuyenteRegistrado[];
}

/**
 * Starts the emisor's certification campaign (issue 35) with a token's issuer (its establishment and point
 * of sale issue the documents) for the kinds the token may issue. The API and `certificacion iniciar` both
 * start it here, so both refuse the same: 409 for a PROD emisor or a campaign running, paused or complete.
 */
export async function iniciarCampana(ctx: CampanaContext, auth: Authenticated, pedido: PedidoCampana) {
  const issuer = issuerDe(auth);
  const autorizados = tiposAutorizados(auth.permissions);
  const plan = pedido.plan ? parsePlan(pedido.plan, autorizados) : planPorDefecto(autorizados);
  comprobarPlan(plan, autorizados);
  await new Certificaciones(ctx.db).comprobarInicio(issuer.emisorId);
  const workflowId = Certificacion.workflowId(issuer.emisorId);
  const ritmo = pedido.ritmo ?? RITMO_CERTIFICACION;
  try {
    await ctx.workflows.start(Certificacion, {
      workflowId,
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      args: [
        {
          emisorId: issuer.emisorId,
          issuer,
          plan,
          ritmo,
          semilla: randomUUID(),
          ...(pedido.contribuyentes ? { contribuyentes: pedido.contribuyentes } : {}),
        },
      ],
      typedSearchAttributes: [
        { key: SearchAttributeKeys.emisor, value: String(issuer.emisorId) },
        { key: SearchAttributeKeys.estado, value: 'EN_CURSO' },
      ],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    // A campaign cancelled a moment ago reads CANCELADA while it still writes its record: its end is one
    // database write away, so the new campaign starts once it is done rather than being refused.
    // (One started a moment ago answers no query yet: it is running.)
    const anterior = ctx.workflows.handle(Certificacion, workflowId);
    const estado = await anterior.query(Certificacion.estado).then(
      (e) => e.estado,
      (e: unknown) => {
        if (e instanceof QueryNotRegisteredError) return 'EN_CURSO';
        throw e;
      },
    );
    if (TERMINADA.has(estado)) {
      await anterior.result();
      return iniciarCampana(ctx, auth, pedido);
    }
    throw new DteError(ErrorCode.CERTIFICATION_EXISTS, 409, `La certificación del emisor ya está en curso`, {
      estado: 'EN_CURSO',
    });
  }
  return { workflowId, plan, ritmo };
}

/** The campaign's state as GET /certificacion answers it: its workflow's count, or the record once Temporal forgot it. */
export async function estadoCampana(ctx: CampanaContext, emisorId: number) {
  const registro = await new Certificaciones(ctx.db).leer(emisorId);
  const handle = ctx.workflows.handle(Certificacion, Certificacion.workflowId(emisorId));
  try {
    // A closed workflow still answers its query, while Temporal keeps its history.
    const estado = await handle.query(Certificacion.estado);
    // The query is the campaign's own word. The record is written by its steps: a campaign started a moment
    // ago has none yet, or still the one of a campaign cancelled before it.
    return registro?.estado === estado.estado ? { ...estado, iniciadaEn: registro.iniciadaEn } : estado;
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) {
      // A campaign started a moment ago may not answer its query yet: it is running all the same (the record
      // may still be a cancelled campaign's, which its first step replaces).
      if ((await handle.describe()).status.name === 'RUNNING') return { emisorId, estado: 'EN_CURSO' };
      throw err;
    }
    if (!registro) throw noEncontrada(emisorId);
    const { _id: _id, ...resto } = registro;
    return resto;
  }
}

const TERMINADA = new Set(['CANCELADA', 'COMPLETA']);

/**
 * `pausar` a running campaign, `reanudar` it after a pause or a rejection the emisor fixed, or `cancelar`:
 * only a campaign running or paused takes any. Its workflow is the judge, not the record: a campaign started a moment ago has not written its
 * record yet (or it is still the cancelled one's), and GET /certificacion already answers EN_CURSO.
 */
export type AccionCampana = 'pausar' | 'reanudar' | 'cancelar';

export async function senalarCampana(ctx: CampanaContext, emisorId: number, accion: AccionCampana) {
  const handle = ctx.workflows.handle(Certificacion, Certificacion.workflowId(emisorId));
  try {
    await handle.signal(Certificacion[accion]);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw noEncontrada(emisorId);
    throw err;
  }
  return { workflowId: handle.workflowId, accion };
}

export function noEncontrada(emisorId: number): DteError {
  return new DteError(
    ErrorCode.CERTIFICATION_NOT_FOUND,
    404,
    `El emisor ${emisorId} no tiene una campaña de certificación en curso`,
  );
}
