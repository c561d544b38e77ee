import type { Request } from 'express';
import { DteError, ErrorCode, type DteTipo } from '@dte/domain';
import type { ApiContext } from '../context';

/** A match of the book, as the form offers it: its id and how a person recognizes it. */
export interface Encontrado {
  id: string;
  texto: string;
}

const sinLibreta = () => new DteError(ErrorCode.NOT_FOUND, 404, 'La libreta de clientes aún no está disponible');

/** The emisor's customer book and product catalog, as the issuing forms read them. */
export function libreta(_ctx: ApiContext, _req: Request) {
  return {
    buscarClientes: async (_q: string): Promise<Encontrado[]> => [],
    buscarProductos: async (_q: string): Promise<Encontrado[]> => [],
    cliente: async (_tipo: DteTipo, _id: string): Promise<{ id: string; receptor: Record<string, unknown> }> => {
      throw sinLibreta();
    },
    producto: async (_tipo: DteTipo, _id: string): Promise<Record<string, unknown>> => {
      throw sinLibreta();
    },
    guardarDesdeDocumento: async (_codigoGeneracion: string): Promise<boolean> => {
      throw sinLibreta();
    },
  };
}
