import type { ActivityDependencies } from './dependencies';
import { createDeliveryActivities } from './dte/deliver';
import { createIssueActivities } from './dte/issue';
import { createPrepareActivities } from './dte/prepare';
import { createRecordActivities } from './dte/record';
import { createTransmitActivities } from './dte/transmit';
import { createSigningActivities } from './signing/sign-document';
import { createSmokeActivities } from './smoke';
import { createAnulacionActivities } from './dte/anulacion';
import { createContingenciaActivities } from './dte/contingencia';
import { createSettleActivities } from './dte/settle';
import { createEntregaActivities } from './webhooks/entrega';
import { createConciliacionActivities } from './conciliacion/conciliar';
import { createLibroActivities } from './libros/render-libro';
import { createCertificacionActivities } from './certificacion';
import { createComprasActivities } from './compras';
import { createBuzonActivities } from './compras/buzon';
import { createNumeracionActivities } from './numbering/secuenciador';
import { createEnlaceActivities } from './personas/enlaces';
import { createImportacionActivities } from './importaciones';

/** Every activity the worker registers, built from the process's dependencies. */
export function createActivities(deps: ActivityDependencies) {
  const pasos = {
    ...createPrepareActivities(deps),
    ...createTransmitActivities(deps, deps.mh),
    ...createRecordActivities(deps),
  };
  return {
    ...createSmokeActivities(deps),
    ...pasos,
    ...createIssueActivities(pasos),
    ...createSigningActivities(deps),
    ...createDeliveryActivities(deps),
    ...createAnulacionActivities(deps, deps.mh),
    ...createContingenciaActivities(deps, deps.mh),
    ...createSettleActivities(deps, deps.mh),
    ...createEntregaActivities(deps),
    ...createConciliacionActivities(deps, deps.mh),
    ...createLibroActivities(deps),
    ...createCertificacionActivities(deps),
    ...createComprasActivities(deps, deps.mh),
    ...createBuzonActivities(deps),
    ...createNumeracionActivities(deps),
    ...createEnlaceActivities(deps),
    ...createImportacionActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
