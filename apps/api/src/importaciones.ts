import { randomUUID } from 'node:crypto';
import { Importacion as ImportacionWorkflow } from '@dte/contract';
import type { DteWorkflowClient } from '@dte/contract/client';
import { DteError, ErrorCode, type Actor } from '@dte/domain';
import { archivosDe, Importaciones, type Importacion, type ObjectStore } from '@dte/store';
import type { Connection } from 'mongoose';

/** What starts an import: the API's context or the admin CLI's. */
export interface Importador {
  connection: Connection;
  store: ObjectStore;
  workflows: DteWorkflowClient;
  taskQueue: string;
}

/**
 * Starts an import of documents issued with another provider (issue 53), for `POST /importaciones`, the
 * console and `npm run admin -- importar`: the file is refused (400 IMPORTACION_INVALIDA) unless it is an
 * Archivo DTE or a ZIP holding at least one `.json`, then kept in object storage, recorded, and its workflow
 * started. The caller checked the permission and audits it.
 */
export async function iniciarImportacion(
  de: Importador,
  emisorId: number,
  actor: Actor,
  nombre: string,
  contenido: Buffer,
): Promise<Importacion> {
  if ((await archivosDe(contenido)) === 0)
    throw new DteError(
      ErrorCode.IMPORTACION_INVALIDA,
      400,
      'El archivo no es un Archivo DTE (JSON) ni un ZIP que los contenga',
      { nombre },
    );
  const id = randomUUID().toUpperCase();
  const clave = `importaciones/${emisorId}/${id}${contenido[0] === 0x50 ? '.zip' : '.json'}`;
  await de.store.put(clave, contenido, 'application/octet-stream');
  const importacion = await new Importaciones(de.connection).crear({ _id: id, emisorId, nombre, clave, actor });
  await de.workflows.start(ImportacionWorkflow, {
    taskQueue: de.taskQueue,
    workflowId: ImportacionWorkflow.workflowId(id),
    args: [{ emisorId, importacionId: id }],
  });
  return importacion;
}

/** An import as the API answers it. */
export function importacionView(i: Importacion) {
  return {
    id: i._id,
    nombre: i.nombre,
    estado: i.estado,
    total: i.total,
    procesados: i.procesados,
    importados: i.importados,
    rechazados: i.rechazados,
    creadaEn: i.creadaEn.toISOString(),
    terminadaEn: i.terminadaEn ? i.terminadaEn.toISOString() : null,
  };
}
