import { documentKindOfTipoDte, DteError, elSalvadorNow, ErrorCode, validationError } from '@dte/domain';
import type { Database } from './db/connection';
import { isDuplicateKey } from './db/duplicate-key';
import { fijarPiso, pisoDe, takeNext, ultimosTomados } from './db/insert-next';

/** A numeroControl sequence: MH restarts the correlativo each year, so the year is part of the key. */
export interface SequenceKey {
  emisorId: number;
  establecimientoId: number;
  puntoVentaId: number;
  tipoDte: string;
  ambiente: string;
  year: number;
}

/** The series of `takeOwned` a sequence's correlativos are taken from. */
export const serieDeSecuencia = (sequenceId: number) => `correlativo:${sequenceId}`;

/** The sequence's id, the sequence created if it has none yet (once, whoever races to create it). */
export async function sequenceIdOf(db: Database, key: SequenceKey): Promise<number> {
  const { Sequence } = db.models;
  let sequence = await Sequence.findOne(key, { id: 1 }).lean();
  if (!sequence) {
    try {
      await Sequence.create({ ...key, id: await takeNext(db.connection, 'sequence') });
    } catch (err) {
      // Another request created this sequence first; its unique key index refused ours.
      if (!isDuplicateKey(err)) throw err;
    }
    sequence = await Sequence.findOne(key, { id: 1 }).lean();
  }
  return sequence!.id;
}

/** MH's numeroControl has 15 digits of correlativo. */
export const MAX_CORRELATIVO = 999_999_999_999_999;

export interface FijarCorrelativo {
  emisorId: number;
  /** CAT-002, e.g. `01`. */
  tipoDte: string;
  codEstable: string;
  codPuntoVenta: string;
  siguiente: number;
}

/**
 * An emisor that comes from another provider continues its correlativos: the next numeroControl of a kind
 * at a point of sale, this year (El Salvador's) and in the emisor's ambiente, is `siguiente` (`fijarPiso`:
 * only forward, past every number the service took, for every worker's next document). Refusals: an
 * unknown kind or a number out of MH's 15 digits (400 VALIDATION_ERROR), an establishment or point of sale
 * the emisor does not have (404 NOT_FOUND), a number not past those taken (409 CORRELATIVO_RETROCEDE).
 * Answers the series, the last number taken and the next one, for the audit log. `soloComprobar`: the
 * refusals alone, nothing set (a person confirms what was checked).
 */
export async function fijarCorrelativo(
  db: Database,
  entrada: FijarCorrelativo,
  { ahora = new Date(), soloComprobar = false }: { ahora?: Date; soloComprobar?: boolean } = {},
) {
  const { Emisor, Establecimiento, PuntoVenta } = db.models;
  const errores = [
    ...(documentKindOfTipoDte(entrada.tipoDte)
      ? []
      : [{ field: 'tipo', message: `${entrada.tipoDte} no es un tipo de DTE que este servicio emite` }]),
    ...(Number.isSafeInteger(entrada.siguiente) && entrada.siguiente >= 1 && entrada.siguiente <= MAX_CORRELATIVO
      ? []
      : [{ field: 'siguiente', message: `Debe ser un número entero de 1 a ${MAX_CORRELATIVO}` }]),
  ];
  if (errores.length) throw validationError('El correlativo no se puede fijar', errores);
  const emisor = await Emisor.findOne({ id: entrada.emisorId }, { ambiente: 1 }).lean();
  if (!emisor) throw new Error(`emisor ${entrada.emisorId} does not exist`);
  const establecimiento = await Establecimiento.findOne(
    { emisorId: entrada.emisorId, codEstable: entrada.codEstable },
    { id: 1 },
  ).lean();
  if (!establecimiento)
    throw new DteError(ErrorCode.NOT_FOUND, 404, `El emisor no tiene el establecimiento ${entrada.codEstable}`, {
      field: 'establecimiento',
    });
  const puntoVenta = await PuntoVenta.findOne(
    { establecimientoId: establecimiento.id, codPuntoVenta: entrada.codPuntoVenta },
    { id: 1 },
  ).lean();
  if (!puntoVenta)
    throw new DteError(
      ErrorCode.NOT_FOUND,
      404,
      `El establecimiento ${entrada.codEstable} no tiene el punto de venta ${entrada.codPuntoVenta}`,
      { field: 'puntoVenta' },
    );
  const key: SequenceKey = {
    emisorId: entrada.emisorId,
    establecimientoId: establecimiento.id,
    puntoVentaId: puntoVenta.id,
    tipoDte: entrada.tipoDte,
    ambiente: emisor.ambiente,
    year: Number(elSalvadorNow(ahora).fecEmi.slice(0, 4)),
  };
  const porNumerar = { ...key, codEstable: entrada.codEstable, codPuntoVenta: entrada.codPuntoVenta };
  // A check creates no sequence: one that has none has taken no number.
  const existente = soloComprobar && (await db.models.Sequence.findOne(key, { id: 1 }).lean());
  if (soloComprobar && !existente) return { ...porNumerar, sequenceId: null, ultimo: 0, siguiente: entrada.siguiente };
  const sequenceId = existente ? existente.id : await sequenceIdOf(db, key);
  const serie = serieDeSecuencia(sequenceId);
  const { ultimo, siguiente } = await fijarPiso(db.connection, serie, entrada.siguiente, soloComprobar);
  return { ...porNumerar, sequenceId, ultimo, siguiente };
}

/** The audit log's entry of a series set: which one, the last number taken before it and the next one. */
export const detallesDeCorrelativo = (hecho: Awaited<ReturnType<typeof fijarCorrelativo>>) => ({
  tipoDte: hecho.tipoDte,
  codEstable: hecho.codEstable,
  codPuntoVenta: hecho.codPuntoVenta,
  year: hecho.year,
  ultimo: hecho.ultimo,
  siguiente: hecho.siguiente,
});

/**
 * The emisor's sequences of this year (El Salvador's) in its ambiente, each with the last number taken and
 * the next one: what an administrator checks before setting one.
 */
export async function correlativosDelEmisor(db: Database, emisorId: number, ahora = new Date()) {
  const { Emisor, Sequence } = db.models;
  const emisor = await Emisor.findOne({ id: emisorId }, { ambiente: 1 }).lean();
  if (!emisor) throw new Error(`emisor ${emisorId} does not exist`);
  const year = Number(elSalvadorNow(ahora).fecEmi.slice(0, 4));
  const secuencias = await Sequence.find({ emisorId, ambiente: emisor.ambiente, year }).lean();
  const ultimos = await ultimosTomados(
    db.connection,
    secuencias.map((s) => serieDeSecuencia(s.id)),
  );
  return Promise.all(
    secuencias.map(async (s) => {
      const serie = serieDeSecuencia(s.id);
      const ultimo = ultimos.get(serie)!;
      return {
        sequenceId: s.id,
        establecimientoId: s.establecimientoId,
        puntoVentaId: s.puntoVentaId,
        tipoDte: s.tipoDte,
        ultimo,
        siguiente: Math.max(ultimo + 1, await pisoDe(db.connection, serie)),
      };
    }),
  );
}
