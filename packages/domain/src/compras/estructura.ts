/**
 * The shape any JSON must have before a received document is parsed further, recorded or stored: MH's
 * documents nest at most six levels (document → cuerpoDocumento → line → tributos → code), have no array
 * inside an array, and name their fields with plain words. What a supplier, or anyone who can send an
 * e-mail to the mailbox, may send beyond that is refused at the door: a nested array is what the embedded
 * database cannot store (FerretDB 1.x), deep nesting what no validator should recurse into, and a key
 * starting with `$` or holding a `.` what MongoDB reads as an operator or a path.
 */

/** Levels of objects and arrays at most: five times MH's deepest, so no real document comes near it. */
export const MAX_PROFUNDIDAD = 32;
/** Values at most (objects, arrays and scalars): MH's largest document (2,000 lines) holds about 60,000. */
export const MAX_VALORES = 200_000;

export interface ProblemaDeEstructura {
  field: string;
  message: string;
}

const ruta = (padre: string, clave: string | number) =>
  typeof clave === 'number' ? `${padre}[${clave}]` : padre ? `${padre}.${clave}` : clave;

/**
 * The first thing that makes `valor` no document (null: none), walked without recursion so that no
 * nesting can exhaust the stack. The field is where it was found, as the API names fields.
 */
export function problemaDeEstructura(valor: unknown): ProblemaDeEstructura | null {
  const pendientes: { valor: unknown; ruta: string; nivel: number; enArreglo: boolean }[] = [
    { valor, ruta: '', nivel: 0, enArreglo: false },
  ];
  let vistos = 0;
  while (pendientes.length) {
    const actual = pendientes.pop()!;
    if (++vistos > MAX_VALORES)
      return { field: 'body', message: `Tiene más de ${MAX_VALORES} valores: ningún DTE de MH es tan grande` };
    const v = actual.valor;
    if (v === null || typeof v !== 'object') continue;
    const field = actual.ruta || 'body';
    if (actual.nivel >= MAX_PROFUNDIDAD)
      return { field, message: `Anida más de ${MAX_PROFUNDIDAD} niveles: ningún DTE de MH lo hace` };
    if (Array.isArray(v)) {
      if (actual.enArreglo) return { field, message: 'Un arreglo dentro de otro: ningún DTE de MH lo tiene' };
      v.forEach((x, i) =>
        pendientes.push({ valor: x, ruta: ruta(actual.ruta, i), nivel: actual.nivel + 1, enArreglo: true }),
      );
      continue;
    }
    for (const [clave, x] of Object.entries(v)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(clave))
        return {
          field: ruta(actual.ruta, clave),
          message: 'Un nombre de campo que no es una palabra: ningún DTE de MH lo usa',
        };
      pendientes.push({ valor: x, ruta: ruta(actual.ruta, clave), nivel: actual.nivel + 1, enArreglo: false });
    }
  }
  return null;
}
