import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { WorkflowFailedError } from '@temporalio/client';
import { DteError, ErrorCode, parseRequest, smokeRequest } from '@dte/domain';
import { Smoke, type SmokeInput } from '@dte/contract';
import type { ApiContext } from '../context';
import { authenticate } from '../http/auth';

/**
 * `POST /diagnostics/smoke`: one Temporal workflow that touches every real component (database, storage,
 * Chromium, SMTP) and answers with what it did. Proves a deployment before any document is issued.
 * It sends mail, so like every route that acts it needs an API token. A component that fails it is a 503
 * naming what failed.
 */
export function smokeRoutes(ctx: ApiContext): Router {
  const router = Router();
  router.post('/diagnostics/smoke', authenticate(ctx), async (req, res) => {
    const { email } = parseRequest(smokeRequest, req.body);
    const input: SmokeInput = { id: randomUUID(), email };
    const workflowId = Smoke.workflowId(input.id);
    const result = await ctx.workflows
      .execute(Smoke, {
        taskQueue: ctx.config.TEMPORAL_TASK_QUEUE,
        workflowId,
        args: [input],
      })
      .catch((err: unknown) => {
        if (!(err instanceof WorkflowFailedError)) throw err;
        const causa: Error = (err.cause?.cause as Error | undefined) ?? err.cause ?? err;
        throw new DteError(ErrorCode.SERVICE_UNAVAILABLE, 503, `La prueba falló: ${causa.message}`, {
          workflowId,
        });
      });
    res.status(200).json({ status: 'success', data: { ...result, workflowId } });
  });
  return router;
}
