import type { Comando } from '../comando';
import { libroOAnexo } from '../libros';

export const anexos: Comando = {
  nombre: 'anexos',
  ayuda: `anexos ventas-contribuyentes|ventas-consumidor-final|documentos-anulados|retenciones|retenciones-13|
                compras|compras-sujetos-excluidos|retenciones-recibidas|percepciones-recibidas
                --emisor <id> --periodo <YYYY-MM> [--tipo-ingreso <1-10|12|13>] [--cod-estable <codEstable>]
                [--tipo-operacion <n> --clasificacion <n> --sector <n> --tipo-costo-gasto <n>] [--salida <file.csv>]
                prints the F-07 annex's rows (JSON), or writes the file DGII's portal imports; the tipo de
                ingreso is remembered for the emisor (as the API does), so anexos 1 and 2 need it once`,
  opciones: {
    emisor: 'valor',
    periodo: 'valor',
    'tipo-ingreso': 'valor',
    'cod-estable': 'valor',
    'tipo-operacion': 'valor',
    clasificacion: 'valor',
    sector: 'valor',
    'tipo-costo-gasto': 'valor',
    salida: 'valor',
  },
  ejecutar: (ctx, args) => libroOAnexo(ctx, 'anexos', args),
};
