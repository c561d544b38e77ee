import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { Controles } from './control/estado';
import { fallas } from './control/fallas';
import { rutasControl } from './control/rutas';
import { rutasContingencia } from './eventos/contingencia';
import { rutasInvalidacion } from './eventos/invalidacion';
import { ProcesadorLotes, rutasLote } from './recepcion/lote';
import { rutasRecepcion } from './recepcion/rutas';
import { errorSpring } from './respuesta';
import { requiereToken, rutasSeguridad } from './seguridad/rutas';
import { Tokens } from './seguridad/token';
import { openStore } from './store';

export interface SimulatorDeps {
  /** A mongoose connection already bound to the simulator's database (MH_SIM_DB_NAME). */
  connection: Connection;
  /** MH_SIM_TOKEN_TTL_SECONDS: MH's test environment gives 48 h. */
  tokenTtlSeconds: number;
  /** MH_SIM_CONTROL_ENABLED: mounts /__sim; without it the control settings have no effect. */
  controlEnabled: boolean;
  logger?: Logger;
}

export interface Simulator {
  app: Express;
  /** Cancels pending lote timers (their lotes stay in the DB and resume on the next start). */
  stop(): void;
}

/** Builds the MH stand-in on a connection; indexes are ready and pending lotes rescheduled when it resolves. */
export async function createSimulatorApp(deps: SimulatorDeps): Promise<Simulator> {
  const store = await openStore(deps.connection);
  const controles = new Controles(store, deps.controlEnabled);
  const tokens = new Tokens(store, deps.tokenTtlSeconds);
  const lotes = new ProcesadorLotes(store, controles, (error) =>
    deps.logger?.error({ err: error }, 'lote processing failed'),
  );
  await lotes.reanudar();

  const app = express();
  app.disable('x-powered-by');
  // A lote carries up to 100 signed DTEs.
  app.use(express.json({ limit: '25mb' }));
  app.use(express.urlencoded({ extended: false }));
  if (deps.controlEnabled) app.use('/__sim', rutasControl(store, controles));
  app.use(fallas(controles));
  app.use(rutasSeguridad(store, tokens, controles));
  app.use('/fesv', requiereToken(store, tokens, controles));
  app.use(
    rutasRecepcion(store, controles),
    rutasLote(store, controles, lotes),
    rutasContingencia(store, controles),
    rutasInvalidacion(store, controles),
  );
  app.use((req, res) => errorSpring(res, 404, `No static resource ${req.path.slice(1)}.`));
  const onError: ErrorRequestHandler = (error: { status?: number; type?: string }, req, res, _next) => {
    if (error.type === 'entity.parse.failed') return errorSpring(res, 400, 'JSON parse error');
    deps.logger?.error({ err: error, path: req.path }, 'request failed');
    errorSpring(res, error.status && error.status < 500 ? error.status : 500, 'Error interno');
  };
  app.use(onError);
  return { app, stop: () => lotes.detener() };
}
