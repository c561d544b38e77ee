import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { WorkflowName, type SmokeInput, type SmokeResult } from '@dte/domain/workflow-contract';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';

/**
 * `POST /diagnostics/smoke`: one Temporal workflow that touches every real component (database, storage,
 * Chromium, SMTP) and answers with what it did. Proves a deployment before any document is issued.
 * It sends mail, so like every route that acts it needs an API token.
 */
export function smokeRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/diagnostics/smoke', authenticate(ctx), async (req, res) => {
    const input: SmokeInput = {
      id: randomUUID(),
      email: typeof req.body?.email === 'string' ? req.body.email : 'smoke@example.test',
    };
    const result = await ctx.temporal.workflow.execute<(i: SmokeInput) => Promise<SmokeResult>>(WorkflowName.smoke, {
      taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
      workflowId: `smoke-${input.id}`,
      args: [input],
    });
    res.status(200).json({ status: 'success', data: { ...result, workflowId: `smoke-${input.id}` } });
  });
  return router;
}
