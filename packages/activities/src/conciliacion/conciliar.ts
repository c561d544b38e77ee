import { Context } from '@temporalio/activity';
import {
  Conciliacion,
  IssueDte,
  SearchAttribute,
  SearchAttributeKeys,
  type ConciliacionInput,
  type Diferencia,
  type RespuestaMh,
  type ResumenConciliacion,
} from '@dte/contract';
import { diferencia, documentKind, type DteTipo, type LadoLocal, type LadoMh } from '@dte/domain';
import type { ActivityDependencies } from '../dependencies';
import { consultarTodos } from '../mh/consultas';
import type { MhClient } from '../mh/mh-client';
import { consultDte, mhCredentials } from '../dte/transmit';
import { enlaceApi, publicar } from '../webhooks/publicar';

/** A document to ask MH about, with what the record says of it (null: not on record). */
interface Candidato {
  codigoGeneracion: string;
  tipoDte: string;
  numeroControl: string | null;
  local: LadoLocal | null;
}

/** consultadte's answer as one side of the comparison: PROCESADO or INVALIDADO are held, anything else not. */
function ladoDeMh(r: RespuestaMh): LadoMh | null {
  return r.estado === 'PROCESADO' || r.estado === 'INVALIDADO'
    ? { estado: r.estado, selloRecibido: r.selloRecibido ?? null }
    : null;
}

/** The instants a day of El Salvador (UTC−6, no daylight saving) begins and ends, as Temporal queries take them. */
function diaSalvadoreno(fecha: string): [string, string] {
  const inicio = new Date(`${fecha}T00:00:00-06:00`);
  return [inicio.toISOString(), new Date(inicio.getTime() + 24 * 3600_000).toISOString()];
}

export function createConciliacionActivities(deps: ActivityDependencies, mh: MhClient) {
  /**
   * The documents of the day asked for at MH. MH cannot list what it holds, so they are those on the
   * emisor's list with that fecEmi (whose entries carry the record's estado and sello), and the issuances this service started that day that left no record:
   * Temporal keeps those executions (within the namespace's retention) apart from the database, so a
   * document MH accepted whose record was lost (a restore, a failed write) is still found. Documents issued
   * outside the service (MH's own portal, another system) cannot be found by anyone but MH.
   */
  async function candidatos(input: ConciliacionInput): Promise<Candidato[]> {
    const porCodigo = new Map<string, Candidato>();
    for await (const e of deps.documents.periodo(input.emisorId, input.fecha, input.fecha))
      porCodigo.set(e.codigoGeneracion, {
        codigoGeneracion: e.codigoGeneracion,
        tipoDte: documentKind(e.tipo as DteTipo).tipoDte,
        numeroControl: e.numeroControl,
        local: { estado: e.estado, selloRecibido: e.selloRecibido },
      });
    const [desde, hasta] = diaSalvadoreno(input.fecha);
    const query = [
      `WorkflowType = '${IssueDte.workflowType}'`,
      `${SearchAttribute.emisor} = '${input.emisorId}'`,
      `StartTime >= '${desde}'`,
      `StartTime < '${hasta}'`,
    ].join(' AND ');
    for await (const execution of Context.current().client.workflow.list({ query })) {
      const attrs = execution.typedSearchAttributes;
      const codigoGeneracion = attrs.get(SearchAttributeKeys.codigoGeneracion);
      const tipo = attrs.get(SearchAttributeKeys.tipo);
      if (!codigoGeneracion || !tipo || porCodigo.has(codigoGeneracion)) continue;
      if (await deps.documents.exists(codigoGeneracion)) continue;
      porCodigo.set(codigoGeneracion, {
        codigoGeneracion,
        tipoDte: documentKind(tipo as DteTipo).tipoDte,
        numeroControl: null,
        local: null,
      });
    }
    return [...porCodigo.values()];
  }

  return {
    /** The emisores whose day the daily schedule reconciles. */
    async emisoresParaConciliar(): Promise<number[]> {
      const emisores = await deps.db.models.Emisor.find({}, { id: 1 }).sort({ id: 1 }).lean();
      return emisores.map((e) => e.id);
    },

    /**
     * Asks MH for every document of the emisor's day (see `candidatos`), compares each answer with the
     * record, stores the report (replacing the day's previous one) and, when it is not empty, tells the
     * emisor's webhooks (conciliacion.diferencias). A day MH answers for no document is retried: MH is down.
     */
    async conciliarDia(input: ConciliacionInput): Promise<ResumenConciliacion> {
      const { emisorId, fecha } = input;
      const creds = await mhCredentials(deps, emisorId);
      const todos = await candidatos(input);
      const diferencias: Diferencia[] = [];
      const sinRespuesta: string[] = [];
      await consultarTodos(todos, async (c) => {
        const res = await consultDte(mh, creds, c.tipoDte, c.codigoGeneracion);
        if (!res.answered) {
          sinRespuesta.push(c.codigoGeneracion);
          return;
        }
        const lado = ladoDeMh(res.body);
        const tipo = diferencia(c.local, lado);
        if (tipo)
          diferencias.push({
            tipo,
            codigoGeneracion: c.codigoGeneracion,
            tipoDte: c.tipoDte,
            numeroControl: c.numeroControl,
            local: c.local,
            mh: lado,
          });
      });
      if (todos.length > 0 && sinRespuesta.length === todos.length)
        throw new Error(`MH did not answer consultadte for any of the ${todos.length} documents of ${fecha}`);
      const porCodigo = (a: { codigoGeneracion: string }, b: { codigoGeneracion: string }) =>
        a.codigoGeneracion.localeCompare(b.codigoGeneracion);
      diferencias.sort(porCodigo);
      sinRespuesta.sort();
      await deps.conciliaciones.guardar({
        emisorId,
        fecha,
        generado: new Date(),
        consultados: todos.length,
        diferencias,
        sinRespuesta,
      });
      if (diferencias.length > 0) {
        // Once per run of the reconciliation, however often this step is retried.
        const { workflowExecution, activityId } = Context.current().info;
        await publicar(
          deps,
          emisorId,
          'conciliacion.diferencias',
          `${workflowExecution?.runId ?? Conciliacion.workflowId(emisorId, fecha)}:${activityId}`,
          {
            fecha,
            diferencias: diferencias.length,
            porTipo: Object.fromEntries(
              [...new Set(diferencias.map((d) => d.tipo))].map((t) => [
                t,
                diferencias.filter((d) => d.tipo === t).length,
              ]),
            ),
            url: enlaceApi(deps, `/dte/conciliacion?fecha=${fecha}`),
          },
        );
      }
      return {
        emisorId,
        fecha,
        consultados: todos.length,
        diferencias: diferencias.length,
        sinRespuesta: sinRespuesta.length,
      };
    },
  };
}
