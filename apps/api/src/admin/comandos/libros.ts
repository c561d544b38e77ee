import type { Comando } from '../comando';
import { libroOAnexo } from '../libros';

export const libros: Comando = {
  nombre: 'libros',
  ayuda: `libros ventas-contribuyentes|ventas-consumidor|debito-fiscal|compras --emisor <id>
                --periodo <YYYY-MM> | --desde <YYYY-MM-DD> --hasta <YYYY-MM-DD>
                [--cod-estable <codEstable>] [--salida <file.xlsx>]
                prints the book of the month or dates (JSON), or writes it as a spreadsheet; as GET /libros/…`,
  opciones: {
    emisor: 'valor',
    periodo: 'valor',
    desde: 'valor',
    hasta: 'valor',
    'cod-estable': 'valor',
    salida: 'valor',
  },
  ejecutar: (ctx, args) => libroOAnexo(ctx, 'libros', args),
};
