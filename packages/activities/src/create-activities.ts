import type { ActivityDependencies } from './dependencies';
import { createSmokeActivities } from './smoke';

/** Every activity the worker registers, built from the process's dependencies. */
export function createActivities(deps: ActivityDependencies) {
  return {
    ...createSmokeActivities(deps),
  };
}
