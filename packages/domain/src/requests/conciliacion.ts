import { z } from 'zod';
import { fechaConsulta } from './consulta';

/** GET /dte/conciliacion: the day whose reconciliation with MH is read. */
export const conciliacionRequest = z.strictObject({ fecha: fechaConsulta });
