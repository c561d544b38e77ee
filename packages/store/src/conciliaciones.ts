import type { Connection } from 'mongoose';
import type { Diferencia, ResumenConciliacion } from '@dte/contract';

/** A day's reconciliation of an emisor with MH, as stored: the latest run's replaces the previous one. */
export interface InformeConciliacion extends Omit<ResumenConciliacion, 'diferencias' | 'sinRespuesta'> {
  generado: Date;
  diferencias: Diferencia[];
  /** codigoGeneracion of the documents MH did not answer for. */
  sinRespuesta: string[];
}

interface Guardado extends InformeConciliacion {
  _id: string;
}

const clave = (emisorId: number, fecha: string) => `conciliacion:${emisorId}:${fecha}`;

/** The reports, read and written by `_id` (emisor and day) alone. */
export class Conciliaciones {
  constructor(private readonly connection: Connection) {}

  private get informes() {
    return this.connection.collection<Guardado>('conciliaciones');
  }

  async guardar(informe: InformeConciliacion): Promise<void> {
    await this.informes.replaceOne({ _id: clave(informe.emisorId, informe.fecha) }, informe, { upsert: true });
  }

  async leer(emisorId: number, fecha: string): Promise<InformeConciliacion | null> {
    const guardado = await this.informes.findOne({ _id: clave(emisorId, fecha) });
    if (!guardado) return null;
    const { _id: _clave, ...informe } = guardado;
    return informe;
  }
}

/** The report as the API shows it. */
export function informeView(i: InformeConciliacion) {
  return {
    fecha: i.fecha,
    generado: i.generado.toISOString(),
    consultados: i.consultados,
    diferencias: i.diferencias,
    sinRespuesta: i.sinRespuesta,
  };
}
export type InformeView = ReturnType<typeof informeView>;
