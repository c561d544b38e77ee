import type { Config, Logger } from '@dte/config';
import {
  Compras,
  Conciliaciones,
  connectDatabase,
  Documents,
  ObjectStore,
  SecretBox,
  TenantCache,
  Webhooks,
  type ClavesDocumento,
  type Database,
  type StoredDocumentRecord,
} from '@dte/store';
import { BrowserPool, DtePdfRenderer, removeOrphanProfiles } from './pdf';
import { createMailer, type Mailer } from './mail';
import { createActivityMetrics, type ActivityMetrics } from './metrics';
import { MhClient } from './mh/mh-client';
import { Recientes } from './dte/recientes';
import { Secuenciador } from './numbering/secuenciador';
import type { DteWorkflowClient } from '@dte/contract/client';

/** Everything activities touch, created once per worker process and closed on shutdown. */
export interface ActivityDependencies {
  config: Config;
  log: Logger;
  db: Database;
  tenants: TenantCache;
  documents: Documents;
  store: ObjectStore;
  browser: BrowserPool;
  /** DTE PDFs, batched onto `browser`'s pages. */
  pdf: DtePdfRenderer;
  mailer: Mailer;
  mh: MhClient;
  secrets: SecretBox;
  /** The emisores' webhook endpoints and delivery logs. */
  webhooks: Webhooks;
  /** The reports of the reconciliations with MH. */
  conciliaciones: Conciliaciones;
  /** The documents received from suppliers. */
  compras: Compras;
  metrics: ActivityMetrics;
  /** What the issuance's steps just wrote, for the step after each on this worker (dte/recientes.ts). */
  preparados: Recientes<{ dteFirmado: string; claves: ClavesDocumento }>;
  registrados: Recientes<StoredDocumentRecord>;
  /** Correlativos of contended series from their numbering workflow; absent without Temporal (tests, tools). */
  secuenciador?: Secuenciador;
  close(): Promise<void>;
}

export async function createDependencies(
  config: Config,
  log: Logger,
  workflows?: DteWorkflowClient,
): Promise<ActivityDependencies> {
  const metrics = createActivityMetrics();
  const db = await connectDatabase(config.MONGODB_URI, (operation) => metrics.dbOperations.inc({ ...operation }));
  const store = ObjectStore.fromConfig(config);
  await store.ensureBucket();
  const huerfanos = await removeOrphanProfiles();
  if (huerfanos.length) log.warn({ perfiles: huerfanos }, 'removed the Chromium profiles of killed workers');
  const browser = new BrowserPool({ executablePath: config.CHROMIUM_PATH, size: config.PDF_POOL_SIZE });
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const pdf = new DtePdfRenderer(browser, {
    batchSize: config.PDF_BATCH_SIZE,
    windowMs: config.PDF_BATCH_WINDOW_MS,
    onPrint: (documents) => metrics.pdfPrintDocuments.observe(documents),
  });
  const tenants = new TenantCache(db.models, config.TENANT_CACHE_SECONDS * 1000);
  const secrets = new SecretBox(config.SECRET_KEY);
  return {
    config,
    log,
    db,
    tenants,
    documents: new Documents(db, tenants),
    store,
    browser,
    pdf,
    mailer,
    mh: new MhClient(config.MH_BASE_URL, config.MH_TIMEOUT_MS, (call) => metrics.mhResponses.inc(call)),
    secrets,
    webhooks: new Webhooks(db.connection, secrets),
    conciliaciones: new Conciliaciones(db.connection),
    compras: new Compras(db, store, tenants),
    metrics,
    preparados: new Recientes<{ dteFirmado: string; claves: ClavesDocumento }>(),
    // Whole records, the largest MH takes among them: fewer than the signed documents kept.
    registrados: new Recientes<StoredDocumentRecord>(100),
    secuenciador:
      workflows &&
      new Secuenciador(workflows, config.TEMPORAL_TASK_QUEUE, (serie) =>
        log.info({ serie }, 'series contended by another process: its numbers come from its numbering workflow'),
      ),
    async close() {
      await browser.close();
      mailer.close();
      await db.close();
    },
  };
}
