import { loadConfig } from '@dte/config';
import { DteError } from '@dte/domain';
import { connectDatabase, ObjectStore, SecretBox, Tenants } from '@dte/store';
import { leerOpciones } from './comando';
import { ayuda, comando, TODAS_LAS_OPCIONES, verAyuda } from './ayuda';

/** `npm run admin -- <command>`: tenant provisioning from the shell, one command of `comandos/` a run. */
async function main(argv: string[]): Promise<void> {
  const [nombre, ...args] = argv;
  // Help needs no configuration, database or stack.
  if (!nombre || nombre === 'help' || nombre === '--help' || nombre === '-h')
    return void process.stdout.write(ayuda(args[0]));
  const elegido = comando(nombre);
  if (!elegido) throw new Error(`unknown command "${nombre}": ${verAyuda()}`);
  if (args.includes('--help') || args.includes('-h')) return void process.stdout.write(ayuda(nombre));
  const config = loadConfig();
  const db = await connectDatabase(config.MONGODB_URI);
  const box = new SecretBox(config.SECRET_KEY);
  let store: ObjectStore | undefined;
  try {
    await elegido.ejecutar(
      {
        config,
        db,
        box,
        tenants: new Tenants(db, box),
        store: () => (store ??= ObjectStore.fromConfig(config)),
        opciones: (resto) => leerOpciones(TODAS_LAS_OPCIONES, nombre, resto),
      },
      args,
    );
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  // A refusal's details name the offending fields.
  const details = err instanceof DteError && Object.keys(err.details).length ? ` ${JSON.stringify(err.details)}` : '';
  // Its code, as the API answers it, tells a script one refusal from another.
  const code = err instanceof DteError ? ` (${err.code})` : '';
  process.stderr.write(`admin: ${err instanceof Error ? err.message : String(err)}${code}${details}\n`);
  process.exit(1);
});
