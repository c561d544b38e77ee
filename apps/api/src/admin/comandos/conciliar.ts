import { Conciliacion } from '@dte/contract';
import { conciliacionRequest, parseRequest } from '@dte/domain';
import { print, type Comando } from '../comando';
import { conAvance, conTemporal } from '../temporal';

/** Runs the emisor's reconciliation of a day with MH as the schedule does, and answers its summary. */
export const conciliar: Comando = {
  nombre: 'conciliar',
  ayuda: `conciliar --emisor <id> --fecha <YYYY-MM-DD>
                reconciles the emisor's documents of that day with MH (consultadte) through Temporal, waits
                for it, and prints the summary (the report: GET /dte/conciliacion?fecha=)`,
  opciones: { emisor: 'valor', fecha: 'valor' },
  async ejecutar({ config, tenants, opciones }, args) {
    const o = opciones(args);
    const emisorId = o.id('emisor');
    const { fecha } = parseRequest(conciliacionRequest, { fecha: o.opt('fecha') });
    await tenants.comprobarEmisor(emisorId);
    const workflowId = Conciliacion.workflowId(emisorId, fecha);
    const resumen = await conTemporal(config, (workflows) =>
      conAvance(
        `reconciling emisor ${emisorId}'s ${fecha} with MH (workflow ${workflowId})`,
        workflows.execute(Conciliacion, {
          workflowId,
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          args: [{ emisorId, fecha }],
          // A run of that day already going (the schedule's) is waited for rather than doubled.
          workflowIdConflictPolicy: 'USE_EXISTING',
        }),
      ),
    );
    print(
      resumen,
      `${resumen.consultados} document(s) checked at MH: ${resumen.diferencias} difference(s), ` +
        `${resumen.sinRespuesta} unanswered; the report: GET /dte/conciliacion?fecha=${fecha}`,
    );
  },
};
