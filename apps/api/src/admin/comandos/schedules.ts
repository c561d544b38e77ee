import { applySchedules } from '@dte/contract/client';
import { contados, print, verSuAyuda, type Comando } from '../comando';
import { conCliente } from '../temporal';

/**
 * The service's Temporal Schedules: `list` shows each as Temporal has it (paused or not, its interval or
 * hour, its task queue); `apply` brings them in line with this command's configuration, which a worker's
 * start-up never does once they exist.
 */
export const schedules: Comando = {
  nombre: 'schedules',
  ayuda: `schedules list
                the service's Temporal Schedules as they are: paused or not, interval or hour, task queue, next runs
  schedules apply
                brings every schedule in line with this command's configuration (UNKNOWN_OUTCOME_SCAN_SECONDS,
                UNKNOWN_OUTCOME_MIN_AGE_SECONDS, CONCILIACION_HORA, BUZON_LECTURA_SEGUNDOS,
                TEMPORAL_TASK_QUEUE), creating the missing ones; a paused schedule stays paused. A worker's
                start-up only creates missing schedules, so a changed setting takes effect by this command`,
  opciones: {},
  async ejecutar({ config }, [accion]) {
    if (accion === 'apply') {
      const hechos = await conCliente(config, (client) => applySchedules(client.schedule, config));
      return print(hechos, `${hechos.length} schedule(s) now follow this configuration; paused ones stay paused`);
    }
    if (accion !== 'list') throw new Error(`unknown action "schedules ${accion ?? ''}": ${verSuAyuda('schedules')}`);
    const vistas = await conCliente(config, async (client) => {
      const todas = [];
      for await (const s of client.schedule.list()) {
        const d = await client.schedule.getHandle(s.scheduleId).describe();
        todas.push({
          scheduleId: s.scheduleId,
          pausado: d.state.paused,
          nota: d.state.note ?? null,
          intervalos: d.spec.intervals?.map((i) => i.every) ?? [],
          calendarios: d.spec.calendars ?? [],
          taskQueue: d.action.type === 'startWorkflow' ? d.action.taskQueue : null,
          proximas: d.info.nextActionTimes.slice(0, 3),
        });
      }
      return todas;
    });
    contados(vistas, 'schedule(s)');
  },
};
