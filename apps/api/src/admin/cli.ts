import path from 'node:path';
import { loadConfig } from '@dte/config';
import { connectDatabase, SecretBox } from '@dte/activities';
import { ensureDevTenant } from './dev-tenant';

/** `npm run admin -- <command>`: tenant provisioning from the shell. */
async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const [command, ...args] = argv;
  const db = await connectDatabase(config.MONGODB_URI);
  try {
    switch (command) {
      case 'dev-tenant': {
        const tokenFile = args[0] ?? path.resolve('.data/dev-token');
        const tenant = await ensureDevTenant(db, new SecretBox(config.SECRET_KEY), {
          mhBaseUrl: config.MH_BASE_URL,
          tokenFile,
          devToken: config.DTE_DEV_TOKEN,
        });
        process.stdout.write(`${JSON.stringify({ emisorId: tenant.emisorId, nit: tenant.nit })}\n`);
        break;
      }
      default:
        throw new Error(`unknown command "${command ?? ''}"; commands: dev-tenant [tokenFile]`);
    }
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(`admin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
