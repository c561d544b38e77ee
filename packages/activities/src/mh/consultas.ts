import { Context } from '@temporalio/activity';

/** consultadte calls in flight at once when many documents are asked for (a contingency round, a reconciliation). */
export const CONSULTAS_SIMULTANEAS = 8;

/**
 * Runs `consultar` on every item, CONSULTAS_SIMULTANEAS at a time, heartbeating the count done so a
 * long round is not taken for a dead worker.
 */
export async function consultarTodos<T>(items: readonly T[], consultar: (item: T) => Promise<void>): Promise<void> {
  let siguiente = 0;
  let hechos = 0;
  const consultor = async () => {
    while (siguiente < items.length) {
      await consultar(items[siguiente++]!);
      Context.current().heartbeat(++hechos);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONSULTAS_SIMULTANEAS, items.length) }, consultor));
}
