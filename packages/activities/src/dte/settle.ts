import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/common';
import { IssueDte, type SettleOutcomesInput } from '@dte/domain/workflow-contract';
import type { ActivityDependencies } from '../dependencies';
import type { MhClient, RespuestaMh } from '../mh/mh-client';
import { consultDte, mhCredentials, sealed } from './transmit';

/** What consultadte says of a document whose outcome is unknown. */
export type UnknownOutcome = { mhAnswered: false } | { mhAnswered: true; aceptado: RespuestaMh | null };

/** Settling documents whose MH outcome nobody is waiting for any more (see `SettleOutcomes`). */
export function createSettleActivities(deps: ActivityDependencies, mh: MhClient) {
  const { Document } = deps.db.models;
  return {
    /** Old PENDIENTE documents whose IssueDte workflow is not running: nothing else will settle them. */
    async findUnknownOutcomes(input: SettleOutcomesInput): Promise<string[]> {
      const { client } = Context.current();
      const cutoff = new Date(Date.now() - input.minAgeSeconds * 1000);
      const candidates = await Document.find({ estado: 'PENDIENTE', createdAt: { $lte: cutoff } }, { _id: 1 })
        .sort({ createdAt: 1 })
        .limit(input.limit)
        .lean();
      const orphans: string[] = [];
      for (const { _id } of candidates) {
        const running = await client.workflow
          .getHandle(IssueDte.workflowId(String(_id)))
          .describe()
          .then((d) => d.status.name === 'RUNNING')
          .catch((err: unknown) => {
            if (err instanceof WorkflowNotFoundError) return false;
            throw err;
          });
        if (!running) orphans.push(String(_id));
      }
      return orphans;
    },

    async consultUnknownOutcome(codigoGeneracion: string): Promise<UnknownOutcome> {
      const doc = await Document.findById(codigoGeneracion, { emisorId: 1, tipoDte: 1 }).lean();
      if (!doc) throw new Error(`document ${codigoGeneracion} is not on record`);
      const res = await consultDte(mh, await mhCredentials(deps, doc.emisorId), doc.tipoDte, codigoGeneracion);
      return res.answered ? { mhAnswered: true, aceptado: sealed(res.body) ?? null } : { mhAnswered: false };
    },
  };
}
