import { Documents, TenantCache } from '@dte/store';
import { porAccion, print, type Comando } from '../comando';

export const documentos: Comando = {
  nombre: 'documentos',
  ayuda: `documentos listar --emisor <id>
                puts the documents saved before GET /dte existed on the emisor's list (an upgrade step)
documentos buscables --emisor <id>
                puts the emisor's listed documents in the search's index (GET /dte?q=; an upgrade step)`,
  opciones: { emisor: 'valor' },
  ejecutar: porAccion('documentos', {
    async listar({ db }, o) {
      const emisorId = o.id('emisor');
      const documents = new Documents(db, new TenantCache(db.models, 0));
      const listados = await documents.listarAnteriores(emisorId);
      print({ emisorId, listados }, `${listados} document(s) of emisor ${emisorId} put on its list`);
    },
    async buscables({ db }, o) {
      const emisorId = o.id('emisor');
      const documents = new Documents(db, new TenantCache(db.models, 0));
      const buscables = await documents.hacerBuscables(emisorId);
      print({ emisorId, buscables }, `${buscables} document(s) of emisor ${emisorId} put in the search's index`);
    },
  }),
};
