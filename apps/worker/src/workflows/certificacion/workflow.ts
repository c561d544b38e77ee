import { setHandler } from '@temporalio/workflow';
import { Certificacion, type WorkflowFn } from '@dte/contract';
import { Campana } from './campana';

/**
 * An emisor's certification campaign in MH's test environment: each of the plan's documents is a child
 * IssueDte workflow started as the API starts it (its request generated, validated and stored by an
 * activity, tagged with the campaign), each invalidation a child Anulacion workflow, each contingency
 * event a Factura issued in a rehearsed contingencia of the event's CAT-005 tipo, which the emisor's
 * Contingencia workflow reports to MH in an event and a lote. One step at a time, at `ritmo`; MH's first
 * rejection pauses the campaign until `reanudar` (the step is issued again, as a new document) or
 * `cancelar`, and so does a person's `pausar` after the step in flight. The codigoGeneracion of each step comes from the workflow's seeded `uuid4()`, so a replay
 * starts the same child and a lost worker never issues a document twice.
 */
export const CertificacionWorkflow: WorkflowFn<typeof Certificacion> = async (input) => {
  const campana = await Campana.iniciar(input);
  setHandler(Certificacion.estado, () => campana.estado);
  setHandler(Certificacion.reanudar, () => campana.reanudar());
  setHandler(Certificacion.pausar, () => campana.pausar());
  setHandler(Certificacion.cancelar, () => campana.cancelar());
  while (!campana.terminada) {
    await campana.continuarSiHaceFalta();
    await campana.avanzar();
  }
  return campana.terminar();
};
