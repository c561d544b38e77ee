import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { IssueDte, SearchAttribute } from '@dte/contract';
import type { Logger } from '@dte/config';

/** The worker's Prometheus series, in one registry per process (served by the worker's `/metrics`). */
export interface ActivityMetrics {
  registry: Registry;
  /** Every MH call by endpoint, MH's `estado` (or why there is none) and `codigoMsg`. */
  mhResponses: Counter<'endpoint' | 'result' | 'codigo'>;
  pdfRenderSeconds: Histogram<'result'>;
  /** Documents per Chromium print: its count is the prints, its sum the documents they made. */
  pdfPrintDocuments: Histogram;
  emailsSent: Counter;
  emailFailures: Counter;
  /** Every operation the worker asked of a database collection, by operation and collection. */
  dbOperations: Counter<'operation' | 'collection'>;
}

export function createActivityMetrics(): ActivityMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    mhResponses: new Counter({
      name: 'dte_mh_responses_total',
      help: "MH calls by endpoint, MH's estado (UNANSWERED: timeout, reset or 5xx; AUTH_REFUSED: login refused) and codigoMsg",
      labelNames: ['endpoint', 'result', 'codigo'],
      registers,
    }),
    pdfRenderSeconds: new Histogram({
      name: 'dte_pdf_render_duration_seconds',
      help: 'Time to render one DTE PDF on the Chromium pool, including the wait for a free page',
      labelNames: ['result'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    }),
    pdfPrintDocuments: new Histogram({
      name: 'dte_pdf_print_documents',
      help: 'Documents printed by one Chromium print (PDF_BATCH_SIZE at most), per successful print',
      buckets: [1, 2, 3, 5, 8, 13, 21],
      registers,
    }),
    emailsSent: new Counter({
      name: 'dte_emails_sent_total',
      help: 'DTE e-mails the SMTP server accepted',
      registers,
    }),
    emailFailures: new Counter({
      name: 'dte_email_failures_total',
      help: 'DTE e-mail attempts that failed (each retry counts)',
      registers,
    }),
    dbOperations: new Counter({
      name: 'dte_db_operations_total',
      help: 'Operations the worker asked of the database, by operation (findOne, insertOne, updateOne…) and collection',
      labelNames: ['operation', 'collection'],
      registers,
    }),
  };
}

/** The part of a Temporal client the contingency gauge uses. */
export interface WorkflowCounter {
  workflow: { count(query: string): Promise<{ count: number }> };
}

/**
 * `dte_documents_in_contingency`: documents issued in contingency whose IssueDte workflow is still
 * waiting for MH's verdict, counted at scrape time through Temporal's visibility, so it is right across
 * worker restarts and replicas (every worker reports the same). Not from the database: the embedded one
 * answers a count on estado by reading every document.
 */
export function registerContingencyGauge(metrics: ActivityMetrics, temporal: WorkflowCounter, log: Logger): void {
  const query = [
    `WorkflowType = '${IssueDte.workflowType}'`,
    `ExecutionStatus = 'Running'`,
    `${SearchAttribute.estado} = 'CONTINGENCIA'`,
  ].join(' AND ');
  new Gauge({
    name: 'dte_documents_in_contingency',
    help: 'Documents issued in contingency and not yet settled by MH (namespace-wide: every worker reports the same)',
    registers: [metrics.registry],
    async collect() {
      try {
        this.set((await temporal.workflow.count(query)).count);
      } catch (err) {
        // One failed count must not fail the whole scrape; the previous value stays.
        log.warn({ err }, 'counting documents in contingency failed');
      }
    },
  });
}
