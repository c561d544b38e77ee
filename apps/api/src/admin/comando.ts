import { parseArgs } from 'node:util';
import type { Config } from '@dte/config';
import type { Database, ObjectStore, SecretBox, Tenants } from '@dte/store';

/** The options a command takes, each a value (`--name value`) or a flag (`--name`). */
export type Opciones = Readonly<Record<string, 'valor' | 'bandera'>>;

/** What a command reads its options with: each required one checked, so a typo never creates half a tenant. */
export interface Leidas {
  opt(name: string): string;
  id(name: string): number;
  optional(name: string): string | null;
  flag(name: string): boolean;
  direccion(): { departamento: string; municipio: string; distrito: string | null; complemento: string };
  positionals: string[];
}

/** What a command runs with: the deployment's configuration and connections, opened once per run. */
export interface Contexto {
  config: Config;
  db: Database;
  box: SecretBox;
  tenants: Tenants;
  /** The object store of the documents' files. */
  store(): ObjectStore;
  /** The command's options in `args` (any command's option is accepted, as the CLI always did). */
  opciones(args: string[]): Leidas;
}

/**
 * One admin command: its name (the first word), its help (the entry `help` lists; a command cannot exist
 * without one), its options and what it does with the words after its name.
 */
export interface Comando {
  nombre: string;
  ayuda: string;
  opciones: Opciones;
  ejecutar(ctx: Contexto, args: string[]): Promise<void>;
}

/** Where a person who got one of the command's options or actions wrong is sent. */
export const verSuAyuda = (comando: string) => `'npm run admin -- ${comando} --help' shows its options`;

/**
 * `args` read against every command's options (`todas`); an error names the option and where the
 * command's help is.
 */
export function leerOpciones(todas: Opciones, comando: string, args: string[]): Leidas {
  const options = Object.fromEntries(
    Object.entries(todas).map(([name, tipo]) => [name, { type: tipo === 'bandera' ? 'boolean' : 'string' } as const]),
  );
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new Error(`${(err as Error).message}: ${verSuAyuda(comando)}`);
  }
  const { values, positionals } = parsed;
  const opt = (name: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required: ${verSuAyuda(comando)}`);
    return value;
  };
  const id = (name: string): number => {
    const n = Number(opt(name));
    if (!Number.isInteger(n)) throw new Error(`--${name} must be an integer id`);
    return n;
  };
  const optional = (name: string) => (values[name] as string | undefined) ?? null;
  const flag = (name: string) => values[name] === true;
  const direccion = () => ({
    departamento: opt('departamento'),
    municipio: opt('municipio'),
    distrito: optional('distrito'),
    complemento: opt('complemento'),
  });
  return { opt, id, optional, flag, direccion, positionals };
}

/**
 * A command whose second word is an action (`emisor create`): the options after the action are read
 * first, then the action runs; an unknown one is named with the command's help.
 */
export function porAccion(
  nombre: string,
  acciones: Readonly<Record<string, (ctx: Contexto, o: Leidas, accion: string) => Promise<void>>>,
): Comando['ejecutar'] {
  return async (ctx, [accion, ...rest]) => {
    const o = ctx.opciones(rest);
    const hacer = accion !== undefined && Object.hasOwn(acciones, accion) ? acciones[accion] : undefined;
    if (!hacer) throw new Error(`unknown command "${`${nombre} ${accion ?? ''}`.trim()}": ${verSuAyuda(nombre)}`);
    await hacer(ctx, o, accion!);
  };
}

/** What the command answers, as JSON on stdout, and what it did, in words on stderr. */
export function print(value: unknown, hecho?: string): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (hecho) decir(hecho);
}

/** A list, and how many it holds. */
export function contados(lista: unknown[], que: string): void {
  print(lista, `${lista.length} ${que}`);
}

/** A line for the person at the terminal, apart from the JSON a script reads. */
export function decir(linea: string): void {
  process.stderr.write(`admin: ${linea}\n`);
}
