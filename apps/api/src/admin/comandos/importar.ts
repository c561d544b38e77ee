import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { Importaciones, type Importacion, type ResultadoImportacion } from '@dte/store';
import { importacionView, iniciarImportacion } from '../../importaciones';
import { auditarOperador, operador } from '../auditoria';
import { decir, print, type Comando } from '../comando';
import { conTemporal } from '../temporal';

/** How often the command reads the import's progress while its workflow runs. */
const CADA_MS = 1000;

/**
 * Imports the documents an emisor issued with a previous provider, as POST /importaciones does, then follows
 * the import's workflow to its end, a line of progress at each change, and prints its report.
 */
export const importar: Comando = {
  nombre: 'importar',
  ayuda: `importar --emisor <id> <archivo.zip|archivo.json>
                imports the documents the emisor issued with its previous provider (Archivos DTE, one JSON or
                a ZIP of them with their PDFs), each verified at MH, as POST /importaciones does; prints the
                progress, then what was imported and every file refused with its reasons`,
  opciones: { emisor: 'valor' },
  async ejecutar(ctx, args) {
    const o = ctx.opciones(args);
    const emisorId = o.id('emisor');
    const [ruta] = o.positionals;
    if (!ruta) throw new Error(`the file to import is required: 'npm run admin -- importar --help'`);
    await ctx.tenants.emisor(emisorId);
    const contenido = await fs.readFile(ruta);
    const importaciones = new Importaciones(ctx.db.connection);
    const creada = await conTemporal(ctx.config, (workflows) =>
      iniciarImportacion(
        { connection: ctx.db.connection, store: ctx.store(), workflows, taskQueue: ctx.config.TEMPORAL_TASK_QUEUE },
        emisorId,
        operador(),
        path.basename(ruta),
        contenido,
      ),
    );
    await auditarOperador(ctx.db, emisorId, 'IMPORTACION_INICIADA', 'importar', {
      detalles: { importacionId: creada._id, nombre: creada.nombre },
    });
    decir(`import ${creada._id} of ${creada.nombre} started`);
    let importacion: Importacion = creada;
    let dicho = '';
    while (importacion.estado !== 'TERMINADA') {
      await esperar(CADA_MS);
      importacion = (await importaciones.leer(emisorId, creada._id))!;
      const linea = `${importacion.procesados} of ${importacion.total ?? '?'} files: ${importacion.importados} imported, ${importacion.rechazados} refused`;
      if (linea !== dicho) decir((dicho = linea));
    }
    const rechazados: ResultadoImportacion[] = [];
    for (let desde: number | null = 0; desde !== null;) {
      const pagina = await importaciones.rechazados(importacion, desde, 100);
      rechazados.push(...pagina.rechazados);
      desde = pagina.siguiente;
    }
    print(
      {
        ...importacionView(importacion),
        rechazadosDetalle: rechazados.map(({ archivo, codigoGeneracion, motivos }) => ({
          archivo,
          codigoGeneracion,
          motivos,
        })),
      },
      `import ${importacion._id} done: ${importacion.importados} imported, ${importacion.rechazados} refused`,
    );
  },
};
