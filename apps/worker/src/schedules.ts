import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy, type ScheduleOptions } from '@temporalio/client';
import type { Config } from '@dte/config';
import {
  ConciliacionDiaria,
  LecturaBuzones,
  RevisionCompras,
  SettleOutcomes,
  type SettleOutcomesInput,
} from '@dte/contract';

/**
 * The hour (El Salvador) received documents are asked for again at MH: after the day's reconciliation
 * (CONCILIACION_HORA, 3 by default), in MH's quiet hours.
 */
const HORA_REVISION_COMPRAS = 4;

/** The service's schedules as this process's configuration wants them. */
function schedules(config: Config): ScheduleOptions[] {
  const settle: SettleOutcomesInput = { minAgeSeconds: config.UNKNOWN_OUTCOME_MIN_AGE_SECONDS, limit: 500 };
  return [
    {
      scheduleId: SettleOutcomes.scheduleId,
      spec: { intervals: [{ every: `${config.UNKNOWN_OUTCOME_SCAN_SECONDS} seconds` }] },
      action: {
        type: 'startWorkflow',
        workflowType: SettleOutcomes.workflowType,
        workflowId: SettleOutcomes.scheduleId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [settle],
      },
      // A slow run (MH timing out on each consult) must not pile up behind itself.
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    },
    {
      scheduleId: ConciliacionDiaria.scheduleId,
      // El Salvador is UTC−6 all year: its hour is given in UTC, with no time zone database involved.
      spec: { calendars: [{ hour: (config.CONCILIACION_HORA + 6) % 24, minute: 0 }] },
      action: {
        type: 'startWorkflow',
        workflowType: ConciliacionDiaria.workflowType,
        workflowId: ConciliacionDiaria.scheduleId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{}],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    },
    {
      scheduleId: RevisionCompras.scheduleId,
      spec: { calendars: [{ hour: HORA_REVISION_COMPRAS + 6, minute: 0 }] },
      action: {
        type: 'startWorkflow',
        workflowType: RevisionCompras.workflowType,
        workflowId: RevisionCompras.scheduleId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{}],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    },
    {
      scheduleId: LecturaBuzones.scheduleId,
      spec: { intervals: [{ every: `${config.BUZON_LECTURA_SEGUNDOS} seconds` }] },
      action: {
        type: 'startWorkflow',
        workflowType: LecturaBuzones.workflowType,
        workflowId: LecturaBuzones.scheduleId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{}],
      },
      // A server slow to answer must not pile readings up behind each other.
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    },
  ];
}

/**
 * Creates the service's Temporal Schedules, or brings an existing one in line with this process's
 * configuration: every worker replica runs this at start-up, and the last one started wins.
 */
export async function ensureSchedules(client: Client, config: Config): Promise<void> {
  for (const options of schedules(config)) {
    try {
      await client.schedule.create(options);
    } catch (err) {
      if (!(err instanceof ScheduleAlreadyRunning)) throw err;
      await client.schedule.getHandle(options.scheduleId).update((previous) => ({
        ...previous,
        spec: options.spec,
        action: options.action,
        policies: { ...previous.policies, ...options.policies },
      }));
    }
  }
}
