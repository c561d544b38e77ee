/**
 * `@dte/contract/client`: what starts and reaches the workflows from outside them (the API, the activities
 * that start one, the CLI), apart from the workflow-safe index.
 */
export { DteWorkflowClient } from './workflow-client';
export { iniciarEntrega, type ConfigEntregas } from './entregas';
export { applySchedules, ensureSchedules, type ConfigSchedules, type ScheduleResultado } from './schedules';
