import { Client, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import type { Config } from '@dte/config';
import { SettleOutcomes, type SettleOutcomesInput } from '@dte/contract';

/**
 * Creates the service's Temporal Schedules, or brings an existing one in line with this process's
 * configuration: every worker replica runs this at start-up, and the last one started wins.
 */
export async function ensureSchedules(client: Client, config: Config): Promise<void> {
  const input: SettleOutcomesInput = { minAgeSeconds: config.UNKNOWN_OUTCOME_MIN_AGE_SECONDS, limit: 500 };
  const options = {
    scheduleId: SettleOutcomes.scheduleId,
    spec: { intervals: [{ every: `${config.UNKNOWN_OUTCOME_SCAN_SECONDS} seconds` }] },
    action: {
      type: 'startWorkflow' as const,
      workflowType: SettleOutcomes.workflowType,
      workflowId: SettleOutcomes.scheduleId,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [input],
    },
    // A slow run (MH timing out on each consult) must not pile up behind itself.
    policies: { overlap: ScheduleOverlapPolicy.SKIP },
  };
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
