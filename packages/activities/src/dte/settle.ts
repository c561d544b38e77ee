import { Context } from '@temporalio/activity';
import { WorkflowNotFoundError } from '@temporalio/common';
import {
  IssueDte,
  SearchAttribute,
  SearchAttributeKeys,
  type RespuestaMh,
  type SettleOutcomesInput,
} from '@dte/contract';
import type { ActivityDependencies } from '../dependencies';
import type { MhClient } from '../mh/mh-client';
import { consultDte, mhCredentials, sealed } from './transmit';

/** What consultadte says of a document whose outcome is unknown. */
export type UnknownOutcome = { mhAnswered: false } | { mhAnswered: true; aceptado: RespuestaMh | null };

/** Settling documents whose MH outcome nobody is waiting for any more (see `SettleOutcomes`). */
export function createSettleActivities(deps: ActivityDependencies, mh: MhClient) {
  return {
    /**
     * Old PENDIENTE documents whose IssueDte workflow is not running: nothing else will settle them.
     * Found through Temporal's visibility (the workflow's DteEstado search attribute is still PENDIENTE
     * when it ended before MH's verdict), not by a query on estado: the embedded database answers those
     * by reading every document. So a document is found while its ended workflow is retained by the
     * namespace (its retention period); the record decides whether it is still PENDIENTE.
     */
    async findUnknownOutcomes(input: SettleOutcomesInput): Promise<string[]> {
      const { client } = Context.current();
      const cutoff = new Date(Date.now() - input.minAgeSeconds * 1000).toISOString();
      const query = [
        `WorkflowType = '${IssueDte.workflowType}'`,
        `ExecutionStatus != 'Running'`,
        `${SearchAttribute.estado} = 'PENDIENTE'`,
        `StartTime <= '${cutoff}'`,
      ].join(' AND ');
      const orphans: string[] = [];
      for await (const execution of client.workflow.list({ query })) {
        const codigoGeneracion = execution.typedSearchAttributes.get(SearchAttributeKeys.codigoGeneracion);
        if (!codigoGeneracion || orphans.includes(codigoGeneracion)) continue;
        const doc = await deps.documents.find(codigoGeneracion, ['estado']);
        if (doc?.estado !== 'PENDIENTE') continue;
        // A later run of the same workflow id (a retry that started it again) may be the one settling it.
        const running = await client.workflow
          .getHandle(IssueDte.workflowId(codigoGeneracion))
          .describe()
          .then((d) => d.status.name === 'RUNNING')
          .catch((err: unknown) => {
            // Its retention ended between the listing and this look.
            if (err instanceof WorkflowNotFoundError) return false;
            throw err;
          });
        if (running) continue;
        orphans.push(codigoGeneracion);
        if (orphans.length >= input.limit) break;
      }
      return orphans;
    },

    async consultUnknownOutcome(codigoGeneracion: string): Promise<UnknownOutcome> {
      const doc = await deps.documents.load(codigoGeneracion, ['emisorId', 'tipoDte']);
      const res = await consultDte(mh, await mhCredentials(deps, doc.emisorId), doc.tipoDte, codigoGeneracion);
      return res.answered ? { mhAnswered: true, aceptado: sealed(res.body) ?? null } : { mhAnswered: false };
    },
  };
}
