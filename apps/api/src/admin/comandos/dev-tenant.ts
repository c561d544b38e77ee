import path from 'node:path';
import { decir, type Comando } from '../comando';
import { ensureDevTenant } from '../dev-tenant';

export const devTenant: Comando = {
  nombre: 'dev-tenant',
  ayuda: `dev-tenant [tokenFile]
                creates the development emisor, establishment, point of sale and token once, and writes the
                token to tokenFile (default .data/dev-token)`,
  opciones: {},
  async ejecutar({ config, db, box }, args) {
    const tokenFile = args[0] ?? path.resolve('.data/dev-token');
    const tenant = await ensureDevTenant(db, box, {
      mhBaseUrl: config.MH_BASE_URL,
      tokenFile,
      devToken: config.DTE_DEV_TOKEN,
    });
    process.stdout.write(`${JSON.stringify({ emisorId: tenant.emisorId, nit: tenant.nit })}\n`);
    decir(`development emisor ${tenant.emisorId} ready; its token is in ${tokenFile}`);
  },
};
