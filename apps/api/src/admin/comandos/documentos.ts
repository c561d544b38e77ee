import { Documents, TenantCache } from '@dte/store';
import { porAccion, print, type Comando } from '../comando';

export const documentos: Comando = {
  nombre: 'documentos',
  ayuda: `documentos listar --emisor <id>
                puts the documents saved before GET /dte existed on the emisor's list (an upgrade step)`,
  opciones: { emisor: 'valor' },
  ejecutar: porAccion('documentos', {
    async listar({ db }, o) {
      const emisorId = o.id('emisor');
      const documents = new Documents(db, new TenantCache(db.models, 0));
      const listados = await documents.listarAnteriores(emisorId);
      print({ emisorId, listados }, `${listados} document(s) of emisor ${emisorId} put on its list`);
    },
  }),
};
