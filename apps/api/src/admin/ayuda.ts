import { verSuAyuda, type Comando, type Opciones } from './comando';
import { COMANDOS } from './comandos';

/** `help` itself, which needs no configuration, database or stack: the CLI answers it before opening them. */
const HELP: Pick<Comando, 'nombre' | 'ayuda'> = {
  nombre: 'help',
  ayuda: `help [<command>]
                this list, or one command's; '<command> --help' too`,
};

/** What `npm run admin -- help` lists: every command's entry, from the table, then `help`'s. */
const ENTRADAS: readonly Pick<Comando, 'nombre' | 'ayuda'>[] = [...COMANDOS, HELP];

export const esComando = (nombre: string): boolean => ENTRADAS.some((c) => c.nombre === nombre);

/** The command of this name (`help` is answered apart). */
export const comando = (nombre: string): Comando | undefined => COMANDOS.find((c) => c.nombre === nombre);

/**
 * Every command's options, which any command accepts (as the CLI always did: an option that a command does
 * not read is ignored, one that no command has is refused).
 */
export const TODAS_LAS_OPCIONES: Opciones = Object.assign({}, ...COMANDOS.map((c) => c.opciones));

/**
 * What `npm run admin -- help` prints: one entry per command, each with its actions and options (`--name
 * value`). `help <command>` and `<command> [<action>] --help` print that command's entry alone.
 */
export function ayuda(nombre?: string): string {
  const una = nombre && ENTRADAS.find((c) => c.nombre === nombre);
  if (una) return `usage: npm run admin -- ${una.ayuda.trimStart()}\n`;
  return `usage: npm run admin -- <command> [<action>] [--option value …]\n\ncommands:\n${ENTRADAS.map(
    (c) => `  ${c.ayuda}`,
  ).join('\n')}\n`;
}

/** Where a person who got a command wrong is sent. */
export const verAyuda = (nombre?: string) =>
  nombre && esComando(nombre) ? verSuAyuda(nombre) : `'npm run admin -- help' lists the commands`;
