import type { Comando } from '../comando';
import { anexos } from './anexos';
import { buzon } from './buzon';
import { certificacion } from './certificacion';
import { conciliar } from './conciliar';
import { correlativo } from './correlativo';
import { devTenant } from './dev-tenant';
import { documentos } from './documentos';
import { emisor } from './emisor';
import { establecimiento } from './establecimiento';
import { importar } from './importar';
import { libros } from './libros';
import { puntoVenta } from './punto-venta';
import { reenviar } from './reenviar';
import { schedules } from './schedules';
import { token } from './token';
import { usuario } from './usuario';
import { webhooks } from './webhooks';

/** The admin CLI's commands, in the order `help` lists them. A new command is a file here and a line below. */
export const COMANDOS: readonly Comando[] = [
  devTenant,
  emisor,
  establecimiento,
  puntoVenta,
  correlativo,
  token,
  usuario,
  documentos,
  webhooks,
  buzon,
  conciliar,
  libros,
  anexos,
  certificacion,
  importar,
  reenviar,
  schedules,
];
