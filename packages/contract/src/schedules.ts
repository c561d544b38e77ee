import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  type ScheduleClient,
  type ScheduleOptions,
} from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { LecturaBuzones } from './buzon';
import { RevisionCompras } from './compras';
import { ConciliacionDiaria } from './conciliacion';
import { SettleOutcomes, type SettleOutcomesInput } from './operaciones';
import type { WorkflowContract } from './workflow';

/** The deployment's settings the schedules are made from (the fields of `@dte/config`'s Config they read). */
export interface ConfigSchedules {
  TEMPORAL_TASK_QUEUE: string;
  UNKNOWN_OUTCOME_SCAN_SECONDS: number;
  UNKNOWN_OUTCOME_MIN_AGE_SECONDS: number;
  CONCILIACION_HORA: number;
  BUZON_LECTURA_SEGUNDOS: number;
}

/**
 * The hour (El Salvador) received documents are asked for again at MH: after the day's reconciliation
 * (CONCILIACION_HORA, 3 by default), in MH's quiet hours.
 */
const HORA_REVISION_COMPRAS = 4;

/** El Salvador is UTC−6 all year: its hour is given in UTC, with no time zone database involved. */
const horaUtc = (horaSv: number) => (horaSv + 6) % 24;

/** The service's schedules as these settings want them. */
function schedules(config: ConfigSchedules): ScheduleOptions[] {
  const settle: SettleOutcomesInput = { minAgeSeconds: config.UNKNOWN_OUTCOME_MIN_AGE_SECONDS, limit: 500 };
  // Each run is the contract's workflow, under the schedule's id, with the args its signature takes.
  const accion = <F extends Workflow>(contract: WorkflowContract<F> & { scheduleId: string }, args: Parameters<F>) => ({
    type: 'startWorkflow' as const,
    workflowType: contract.workflowType,
    workflowId: contract.scheduleId,
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args,
  });
  // A slow run (MH or a mail server timing out) must not pile up behind itself.
  const policies = { overlap: ScheduleOverlapPolicy.SKIP };
  return [
    {
      scheduleId: SettleOutcomes.scheduleId,
      spec: { intervals: [{ every: `${config.UNKNOWN_OUTCOME_SCAN_SECONDS} seconds` }] },
      action: accion(SettleOutcomes, [settle]),
      policies,
    },
    {
      scheduleId: ConciliacionDiaria.scheduleId,
      spec: { calendars: [{ hour: horaUtc(config.CONCILIACION_HORA), minute: 0 }] },
      action: accion(ConciliacionDiaria, [{}]),
      policies,
    },
    {
      scheduleId: RevisionCompras.scheduleId,
      spec: { calendars: [{ hour: horaUtc(HORA_REVISION_COMPRAS), minute: 0 }] },
      action: accion(RevisionCompras, [{}]),
      policies,
    },
    {
      scheduleId: LecturaBuzones.scheduleId,
      spec: { intervals: [{ every: `${config.BUZON_LECTURA_SEGUNDOS} seconds` }] },
      action: accion(LecturaBuzones, [{}]),
      policies,
    },
  ];
}

/** What was done to one schedule: created, found and left as it is, or brought in line with the settings. */
export interface ScheduleResultado {
  scheduleId: string;
  resultado: 'creado' | 'sin cambios' | 'actualizado';
}

/**
 * At a worker's start-up: creates the schedules that do not exist and leaves the others exactly as they
 * are. With N replicas rolling out, the first one creates them; none undoes what an operator changed since
 * (a paused schedule, another hour), nor what another replica's settings made of them.
 */
export async function ensureSchedules(client: ScheduleClient, config: ConfigSchedules): Promise<ScheduleResultado[]> {
  const hechos: ScheduleResultado[] = [];
  for (const options of schedules(config)) {
    try {
      await client.create(options);
      hechos.push({ scheduleId: options.scheduleId, resultado: 'creado' });
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      hechos.push({ scheduleId: options.scheduleId, resultado: 'sin cambios' });
    }
  }
  return hechos;
}

/**
 * `npm run admin -- schedules apply`: the operator's explicit act that brings every schedule in line with
 * the settings it is run with (its interval or hour, its task queue), creating the missing ones. A paused
 * schedule stays paused, with its note: pausing is the operator's decision, not a setting.
 */
export async function applySchedules(client: ScheduleClient, config: ConfigSchedules): Promise<ScheduleResultado[]> {
  const hechos = await ensureSchedules(client, config);
  for (const [i, options] of schedules(config).entries()) {
    if (hechos[i]!.resultado === 'creado') continue;
    await client.getHandle(options.scheduleId).update((previous) => ({
      ...previous,
      spec: options.spec,
      action: options.action,
      policies: { ...previous.policies, ...options.policies },
    }));
    hechos[i] = { scheduleId: options.scheduleId, resultado: 'actualizado' };
  }
  return hechos;
}
