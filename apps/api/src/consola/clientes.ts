import type { Request } from 'express';
import { catalogValue, receptorDesdeCliente, type Cliente, type DteTipo } from '@dte/domain';
import type { ApiContext } from '../context';
import { requirePermission } from '../http/auth';
import { PERMISO_LIBRETA } from '../libreta/rutas';
import { libretaDeClientes } from '../routes/clientes';
import { conVacio, PAISES, TIPOS_DOCUMENTO, TIPOS_PERSONA, type Campo } from './campos';
import { paginasDeLibreta } from './libreta';

/** A customer's form: the fields of `clienteRequest`, by their names there. */
const CAMPOS: Campo[] = [
  { ruta: 'nombre', etiqueta: 'Nombre o razón social', ancho: 'largo' },
  { ruta: 'nombreComercial', etiqueta: 'Nombre comercial', ancho: 'largo' },
  { ruta: 'tipoDocumento', etiqueta: 'Tipo de documento', clase: 'lista', opciones: TIPOS_DOCUMENTO, inicial: '36' },
  { ruta: 'numDocumento', etiqueta: 'Número de documento' },
  { ruta: 'nrc', etiqueta: 'NRC (contribuyentes)', ancho: 'corto' },
  { ruta: 'codActividad', etiqueta: 'Actividad económica (código)', clase: 'actividad' },
  { ruta: 'descActividad', etiqueta: 'Actividad económica (vacía: la del catálogo)', ancho: 'largo' },
  { ruta: 'direccion.ubicacion', etiqueta: 'Distrito (y su municipio)', clase: 'ubicacion', ancho: 'largo' },
  { ruta: 'direccion.complemento', etiqueta: 'Dirección (calle, número, colonia)', ancho: 'largo' },
  { ruta: 'codPais', etiqueta: 'País', clase: 'lista', opciones: conVacio('El Salvador', PAISES) },
  { ruta: 'complemento', etiqueta: 'Dirección en el extranjero', ancho: 'largo' },
  {
    ruta: 'tipoPersona',
    etiqueta: 'Tipo de persona',
    clase: 'lista',
    opciones: conVacio('—', TIPOS_PERSONA),
    numerica: true,
  },
  { ruta: 'correo', etiqueta: 'Correo electrónico', clase: 'correo' },
  { ruta: 'telefono', etiqueta: 'Teléfono', clase: 'telefono' },
];

const documento = (c: Cliente) => `${catalogValue('CAT-022', c.tipoDocumento) ?? c.tipoDocumento} ${c.numDocumento}`;

/** The customer book's pages (`/consola/clientes`). */
export const clientesConsola = (ctx: ApiContext) =>
  paginasDeLibreta<Cliente>(ctx, {
    seccion: 'clientes',
    titulo: 'Clientes',
    singular: 'cliente',
    nuevo: 'Nuevo cliente',
    busqueda: 'Buscar por nombre, NIT, DUI o NRC',
    cabecera: 'Nombre',
    campos: CAMPOS,
    columnas: [
      ['Documento', documento],
      ['NRC', (c) => c.nrc ?? ''],
      ['Correo', (c) => c.correo ?? ''],
    ],
    nombre: (c) => c.nombre,
    definicion: libretaDeClientes,
  });

/** The book's customers that match `q`, as the issuing forms offer them to pick. */
export async function buscarClientes(ctx: ApiContext, req: Request, q: string) {
  requirePermission(req.auth, PERMISO_LIBRETA);
  const { entradas } = await ctx.clientes.pagina(req.auth.emisorId, { q }, null, 10);
  return entradas.map((r) => ({ id: r._id, texto: `${r.datos.nombre} · ${documento(r.datos)}` }));
}

/** A customer of the book as the receptor (or the kind's counterpart) of an issuance body of `tipo`. */
export async function clienteParaEmitir(ctx: ApiContext, req: Request, tipo: DteTipo, id: string) {
  requirePermission(req.auth, PERMISO_LIBRETA);
  const registro = await ctx.clientes.leer(req.auth.emisorId, id);
  return receptorDesdeCliente(tipo, registro.datos) as Record<string, unknown>;
}
