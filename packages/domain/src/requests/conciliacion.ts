import { z } from 'zod';
import { fecha } from './common';

/** GET /dte/conciliacion: the day whose reconciliation with MH is read. */
export const conciliacionRequest = z.strictObject({ fecha });
