/** The worker's activities and what they are built from; nothing else of this package is public. */
export { createActivities, type Activities } from './create-activities';
export type { Emision } from './dte/issue';
export { createDependencies, type ActivityDependencies } from './dependencies';
export { registerContingencyGauge, type ActivityMetrics } from './metrics';
export { dteFailureInterceptor } from './dte-failure';
export { MhClient } from './mh/mh-client';
export { Secuenciador } from './numbering/secuenciador';
