import type { ActivityDependencies } from './dependencies';
import {
  createDeliveryActivities,
  createPrepareActivities,
  createRecordActivities,
  createTransmitActivities,
} from './dte';
import { createSigningActivities } from './signing/sign-document';
import { createSmokeActivities } from './smoke';
import { createInvalidationActivities } from './dte/invalidate';
import { createContingencyActivities } from './dte/contingency';
import { createSettleActivities } from './dte/settle';

/** Every activity the worker registers, built from the process's dependencies. */
export function createActivities(deps: ActivityDependencies) {
  return {
    ...createSmokeActivities(deps),
    ...createPrepareActivities(deps),
    ...createSigningActivities(deps),
    ...createRecordActivities(deps),
    ...createTransmitActivities(deps, deps.mh),
    ...createDeliveryActivities(deps),
    ...createInvalidationActivities(deps, deps.mh),
    ...createContingencyActivities(deps, deps.mh),
    ...createSettleActivities(deps, deps.mh),
  };
}
