/** One reason a received document is not VERIFICADO: a stable code, the field it names, and words. */
export interface MotivoCompra {
  codigo: string;
  campo: string | null;
  mensaje: string;
}
