import { ayuda, TODAS_LAS_OPCIONES } from '../src/admin/ayuda';
import { COMANDOS } from '../src/admin/comandos';

/** The options an entry of the help names (`--name`), `--help` aside. */
const nombradas = (texto: string) =>
  new Set([...texto.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!).filter((o) => o !== 'help'));

/**
 * The admin CLI is its table of commands: each one's help, options and handler in one file, and `help`
 * generated from the table, so a command cannot exist without its help nor its help drift from it.
 */
describe('the admin commands', () => {
  it('each have a name of their own and help that starts with it', () => {
    const nombres = COMANDOS.map((c) => c.nombre);
    expect(new Set(nombres).size).toBe(nombres.length);
    for (const c of COMANDOS) {
      expect(c.ayuda.trim()).not.toBe('');
      for (const linea of c.ayuda.split('\n').filter((l) => !/^\s{4,}/.test(l) && !/^\s*permissions:/.test(l)))
        expect([c.nombre, linea.trim().split(' ')[0]]).toEqual([c.nombre, c.nombre]);
    }
  });

  it('each name in their help every option they declare, and declare every option their help names', () => {
    for (const c of COMANDOS)
      expect([c.nombre, [...nombradas(c.ayuda)].sort()]).toEqual([c.nombre, Object.keys(c.opciones).sort()]);
  });

  it('are all listed by help, in the table order, then help itself; help <command> shows its entry alone', () => {
    const lista = ayuda();
    const posiciones = COMANDOS.map((c) => lista.indexOf(`  ${c.ayuda}\n`));
    expect(posiciones.every((p) => p > 0)).toBe(true);
    expect([...posiciones].sort((a, b) => a - b)).toEqual(posiciones);
    expect(
      lista.endsWith(`  help [<command>]\n                this list, or one command's; '<command> --help' too\n`),
    ).toBe(true);
    for (const c of COMANDOS) expect(ayuda(c.nombre)).toBe(`usage: npm run admin -- ${c.ayuda.trimStart()}\n`);
  });

  it('read their options with one kind each across the table', () => {
    for (const c of COMANDOS)
      for (const [nombre, tipo] of Object.entries(c.opciones))
        expect([nombre, TODAS_LAS_OPCIONES[nombre]]).toEqual([nombre, tipo]);
  });
});
