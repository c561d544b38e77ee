import type { Connection } from 'mongoose';
import { claveCliente, clienteCoincide, DteError, ErrorCode, type Cliente } from '@dte/domain';
import { Libreta, type RegistroLibreta } from './libreta';

export type ClienteRecord = RegistroLibreta<Cliente>;

/**
 * The emisor's customer book (issue 51): each customer once per identity document (`claveCliente`: a DUI or
 * NIT as its digits), ids `cli_<emisorId>_<n>`, found by name, trade name, document or NRC.
 */
export class Clientes extends Libreta<Cliente> {
  constructor(connection: Connection) {
    super(connection, {
      coleccion: 'clientes',
      prefijo: 'cli',
      clave: claveCliente,
      campoClave: 'numDocumento',
      coincide: clienteCoincide,
      noEncontrado: (id) => new DteError(ErrorCode.CLIENTE_NOT_FOUND, 404, `No existe el cliente ${id}`, { id }),
      existe: (id, c) =>
        new DteError(
          ErrorCode.CLIENTE_EXISTS,
          409,
          `El cliente ${c.tipoDocumento} ${c.numDocumento} ya está en la libreta (${id})`,
          { id, tipoDocumento: c.tipoDocumento, numDocumento: c.numDocumento },
        ),
    });
  }
}
