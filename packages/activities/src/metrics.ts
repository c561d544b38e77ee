import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db';
import type { Logger } from './logger';

/** The worker's Prometheus series, in one registry per process (served by the worker's `/metrics`). */
export interface ActivityMetrics {
  registry: Registry;
  /** Every MH call by endpoint, MH's `estado` (or why there is none) and `codigoMsg`. */
  mhResponses: Counter<'endpoint' | 'result' | 'codigo'>;
  pdfRenderSeconds: Histogram<'result'>;
  emailsSent: Counter;
  emailFailures: Counter;
}

export function createActivityMetrics(db: Database, log: Logger): ActivityMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const { Document } = db.models;
  new Gauge({
    name: 'dte_documents_in_contingency',
    help: 'Documents issued in contingency and not yet settled by MH (database-wide: every worker reports the same)',
    registers,
    // Counted at scrape time from the database, so it is right across worker restarts and replicas; the
    // index led by estado makes it a count over index keys.
    async collect() {
      try {
        this.set(await Document.countDocuments({ estado: 'CONTINGENCIA' }).maxTimeMS(5000));
      } catch (err) {
        // One failed count must not fail the whole scrape; the previous value stays.
        log.warn({ err }, 'counting documents in contingency failed');
      }
    },
  });
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
  };
}
