import type {
  Contingencia,
  Contribuyente,
  Control,
  Documento,
  DocumentoContingencia,
  Emisor,
  Invalidacion,
  Lote,
  LoteResultados,
  Modelos,
  Recepcion,
  RechazoPorCodigo,
} from './modelos';

/**
 * Every query the simulator makes, one named method each, so the rules and routes never hold a model.
 * FerretDB answers only `_id` equality from an index and has no transactions: each write here is the one
 * single-document atomic update (or unique-index insert) its caller relies on, and stays so.
 */

export class Emisores {
  constructor(private readonly modelos: Modelos) {}

  porNit(nit: string) {
    return this.modelos.emisores.findOne({ nit }).lean();
  }

  /** Registers the emisor, or replaces its password and key. */
  async registrar(registro: Emisor): Promise<void> {
    await this.modelos.emisores.updateOne({ nit: registro.nit }, { $set: registro }, { upsert: true });
  }
}

export class Contribuyentes {
  constructor(private readonly modelos: Modelos) {}

  /** Whether any entry of these scopes is registered: without one, MH's registry is not checked. */
  async hayEn(scopes: string[]): Promise<boolean> {
    return (await this.modelos.contribuyentes.exists({ scope: { $in: scopes } })) !== null;
  }

  deNit(scopes: string[], nit: string) {
    return this.modelos.contribuyentes.find({ scope: { $in: scopes }, nit }).lean();
  }

  async registrar(contribuyente: Pick<Contribuyente, 'scope' | 'nit'> & Partial<Contribuyente>): Promise<void> {
    await this.modelos.contribuyentes.updateOne(
      { scope: contribuyente.scope, nit: contribuyente.nit },
      { $set: contribuyente },
      { upsert: true },
    );
  }
}

export class Documentos {
  constructor(private readonly modelos: Modelos) {}

  /** By `_id` (the codigoGeneracion) alone, the one lookup FerretDB answers from an index. */
  porCodigo(codigoGeneracion: string) {
    return this.modelos.documentos.findById(codigoGeneracion).lean();
  }

  async existe(codigoGeneracion: string): Promise<boolean> {
    return (await this.modelos.documentos.exists({ _id: codigoGeneracion })) !== null;
  }

  deEmisor(codigoGeneracion: string, nitEmisor: string) {
    return this.modelos.documentos.findOne({ codigoGeneracion, nitEmisor }).lean();
  }

  /** `codigoGeneracion` as an event names it, unchecked: whatever it is, it must match a live document. */
  async hayProcesado(codigoGeneracion: unknown, nitEmisor: string): Promise<boolean> {
    return (await this.modelos.documentos.exists({ codigoGeneracion, nitEmisor, estado: 'PROCESADO' })) !== null;
  }

  /** Whether a live document relates to this one (a note to its CCF, a Retorno to its Factura). */
  async hayRelacionadoProcesado(codigoGeneracion: string): Promise<boolean> {
    return (await this.modelos.documentos.exists({ relacionados: codigoGeneracion, estado: 'PROCESADO' })) !== null;
  }

  /** Inserts an accepted document; a concurrent copy loses on the unique index (a duplicate-key error). */
  async registrar(documento: Documento): Promise<void> {
    await this.modelos.documentos.create(documento);
  }

  /** Takes `monto` on the original if it leaves no more than `retornable` given back; false when it would. */
  async tomarRetornado(original: string, monto: number, retornable: number): Promise<boolean> {
    const { matchedCount } = await this.modelos.documentos.updateOne(
      { _id: original, montoRetornado: { $lte: retornable - monto } },
      { $inc: { montoRetornado: monto } },
    );
    return matchedCount > 0;
  }

  async devolverRetornado(original: string, monto: number): Promise<void> {
    await this.modelos.documentos.updateOne({ _id: original }, { $inc: { montoRetornado: -monto } });
  }

  /** Invalidates a live document; what it was before, or null when it was not live. */
  invalidar(codigoGeneracion: string, invalidacion: NonNullable<Documento['invalidacion']>) {
    return this.modelos.documentos
      .findOneAndUpdate({ codigoGeneracion, estado: 'PROCESADO' }, { $set: { estado: 'INVALIDADO', invalidacion } })
      .lean();
  }

  /** Holds the document as given, whatever was held under its codigoGeneracion. */
  async plantar(documento: Documento): Promise<void> {
    await this.modelos.documentos.replaceOne({ _id: documento._id }, documento, { upsert: true });
  }

  /** Forgets the document; whether there was one. */
  async olvidar(codigoGeneracion: string): Promise<boolean> {
    const { deletedCount } = await this.modelos.documentos.deleteOne({ _id: codigoGeneracion });
    return deletedCount === 1;
  }

  listar(filtro: { nitEmisor?: string; codigoGeneracion?: string }) {
    return this.modelos.documentos.find(filtro).lean();
  }

  delAmbiente(nitEmisor: string, ambiente: string) {
    return this.modelos.documentos.find({ nitEmisor, ambiente }, { tipoDte: 1 }).lean();
  }
}

export class Recepciones {
  constructor(private readonly modelos: Modelos) {}

  async registrar(recepcion: Recepcion): Promise<void> {
    await this.modelos.recepciones.create(recepcion);
  }

  /** In the order they were received. */
  listar(filtro: { nitEmisor?: string; codigoGeneracion?: string }) {
    return this.modelos.recepciones.find(filtro).sort({ en: 1 }).lean();
  }
}

export class Contingencias {
  constructor(private readonly modelos: Modelos) {}

  async existe(codigoGeneracion: string): Promise<boolean> {
    return (await this.modelos.contingencias.exists({ _id: codigoGeneracion })) !== null;
  }

  /** Inserts the event; one received meanwhile with the same codigoGeneracion makes it a duplicate-key error. */
  async registrar(contingencia: Contingencia): Promise<void> {
    await this.modelos.contingencias.create(contingencia);
  }

  delAmbiente(nitEmisor: string, ambiente: string) {
    return this.modelos.contingencias.find({ nitEmisor, ambiente }, { tipoContingencia: 1 }).lean();
  }
}

export class DocumentosContingencia {
  constructor(private readonly modelos: Modelos) {}

  porCodigo(codigoGeneracion: string) {
    return this.modelos.documentosContingencia.findById(codigoGeneracion).lean();
  }

  /** Each document as listed by this event, replacing what an older event said of it. */
  async listar(codigos: string[], listado: Omit<DocumentoContingencia, '_id'>): Promise<void> {
    await this.modelos.documentosContingencia.bulkWrite(
      codigos.map((c) => ({ replaceOne: { filter: { _id: c }, replacement: listado, upsert: true } })),
      { ordered: false },
    );
  }
}

export class Invalidaciones {
  constructor(private readonly modelos: Modelos) {}

  async existe(codigoGeneracion: string): Promise<boolean> {
    return (await this.modelos.invalidaciones.exists({ codigoGeneracion })) !== null;
  }

  /** Inserts the event; one received meanwhile with the same codigoGeneracion makes it a duplicate-key error. */
  async registrar(invalidacion: Invalidacion): Promise<void> {
    await this.modelos.invalidaciones.create(invalidacion);
  }

  async retirar(codigoGeneracion: string): Promise<void> {
    await this.modelos.invalidaciones.deleteOne({ codigoGeneracion });
  }

  delAmbiente(nitEmisor: string, ambiente: string) {
    return this.modelos.invalidaciones.find({ nitEmisor, ambiente }, { tipoAnulacion: 1 }).lean();
  }
}

/** A lote's state, its documents and its results, kept apart by codigoLote. */
export class Lotes {
  constructor(private readonly modelos: Modelos) {}

  /** Documents first: a lote on record always has them, also for a restart that resumes it. */
  async registrar(lote: Lote, documentos: string[]): Promise<void> {
    await this.modelos.lotesDocumentos.create({ _id: lote._id, nitEmisor: lote.nitEmisor, documentos });
    await this.modelos.lotes.create(lote);
  }

  /** The lotes to process after a restart, those half-done by the previous run received again. */
  async pendientes() {
    await this.modelos.lotes.updateMany({ estado: 'PROCESANDO' }, { $set: { estado: 'RECIBIDO' } });
    return this.modelos.lotes.find({ estado: 'RECIBIDO' }, { procesarDesde: 1 }).lean();
  }

  /** One atomic update, so two processes never run the same lote; null when it is not waiting. */
  reclamar(codigoLote: string) {
    return this.modelos.lotes
      .findOneAndUpdate({ _id: codigoLote, estado: 'RECIBIDO' }, { $set: { estado: 'PROCESANDO' } }, { new: true })
      .lean();
  }

  documentos(codigoLote: string) {
    return this.modelos.lotesDocumentos.findById(codigoLote).lean();
  }

  /** Results first: a lote marked PROCESADO always has them. */
  async terminar(codigoLote: string, resultados: Omit<LoteResultados, '_id'>): Promise<void> {
    await this.modelos.lotesResultados.replaceOne({ _id: codigoLote }, resultados, { upsert: true });
    await this.modelos.lotes.updateOne({ _id: codigoLote }, { $set: { estado: 'PROCESADO' } });
  }

  resultados(codigoLote: string) {
    return this.modelos.lotesResultados.findById(codigoLote).lean();
  }

  emisorDe(codigoLote: string) {
    return this.modelos.lotes.findById(codigoLote, { nitEmisor: 1 }).lean();
  }
}

export class ControlesGuardados {
  constructor(private readonly modelos: Modelos) {}

  async ajustar(scope: string, set: Partial<Control>): Promise<void> {
    await this.modelos.control.updateOne({ scope }, { $set: set }, { upsert: true });
  }

  deScopes(scopes: string[]) {
    return this.modelos.control.find({ scope: { $in: scopes } }).lean();
  }

  todos() {
    return this.modelos.control.find({}, { _id: 0 }).lean();
  }

  async hayRechazosSiguientes(): Promise<boolean> {
    return (await this.modelos.control.exists({ 'rechazarSiguientes.restantes': { $gt: 0 } })) !== null;
  }

  /** A plain read: the scopes among these with "next N" rejections left. */
  conRechazosSiguientes(scopes: string[]) {
    return this.modelos.control
      .find({ scope: { $in: scopes }, 'rechazarSiguientes.restantes': { $gt: 0 } }, { scope: 1 })
      .lean();
  }

  /** Consumes one "next N" rejection of the scope atomically; the settings before, or null if none was left. */
  consumirRechazoSiguiente(scope: string) {
    return this.modelos.control
      .findOneAndUpdate(
        { scope, 'rechazarSiguientes.restantes': { $gt: 0 } },
        { $inc: { 'rechazarSiguientes.restantes': -1 } },
      )
      .lean();
  }
}

export class RechazosPorCodigo {
  constructor(private readonly modelos: Modelos) {}

  async hay(): Promise<boolean> {
    return (await this.modelos.rechazosPorCodigo.exists({})) !== null;
  }

  porCodigo(codigoGeneracion: string) {
    return this.modelos.rechazosPorCodigo.findOne({ codigoGeneracion }).lean();
  }

  /** Consumes one of its counted times atomically; the rejection before, or null if none was left. */
  consumir(codigoGeneracion: string) {
    return this.modelos.rechazosPorCodigo
      .findOneAndUpdate({ codigoGeneracion, veces: { $gt: 0 } }, { $inc: { veces: -1 } })
      .lean();
  }

  async fijar(rechazo: RechazoPorCodigo): Promise<void> {
    await this.modelos.rechazosPorCodigo.replaceOne({ codigoGeneracion: rechazo.codigoGeneracion }, rechazo, {
      upsert: true,
    });
  }
}

export class Ajustes {
  constructor(private readonly modelos: Modelos) {}

  /** The setting's value, `inicial` stored first if it had none: the first writer's value wins. */
  async valor(clave: string, inicial: string): Promise<string> {
    const ajuste = await this.modelos.ajustes
      .findOneAndUpdate({ clave }, { $setOnInsert: { valor: inicial } }, { upsert: true, new: true })
      .lean();
    return ajuste!.valor;
  }
}

/** Everything the simulator remembers, by MH record. */
export class Store {
  readonly emisores: Emisores;
  readonly contribuyentes: Contribuyentes;
  readonly documentos: Documentos;
  readonly recepciones: Recepciones;
  readonly contingencias: Contingencias;
  readonly documentosContingencia: DocumentosContingencia;
  readonly invalidaciones: Invalidaciones;
  readonly lotes: Lotes;
  readonly control: ControlesGuardados;
  readonly rechazosPorCodigo: RechazosPorCodigo;
  readonly ajustes: Ajustes;

  constructor(private readonly modelos: Modelos) {
    this.emisores = new Emisores(modelos);
    this.contribuyentes = new Contribuyentes(modelos);
    this.documentos = new Documentos(modelos);
    this.recepciones = new Recepciones(modelos);
    this.contingencias = new Contingencias(modelos);
    this.documentosContingencia = new DocumentosContingencia(modelos);
    this.invalidaciones = new Invalidaciones(modelos);
    this.lotes = new Lotes(modelos);
    this.control = new ControlesGuardados(modelos);
    this.rechazosPorCodigo = new RechazosPorCodigo(modelos);
    this.ajustes = new Ajustes(modelos);
  }

  /** Forgets everything, or only what belongs to one emisor (its forced rejections by its documents' codes). */
  async olvidar(nit: string | undefined): Promise<void> {
    const m = this.modelos;
    const por = (campo: string) => (nit ? { [campo]: nit } : {});
    const codigos = nit
      ? (await m.documentos.find({ nitEmisor: nit }, { codigoGeneracion: 1 }).lean()).map((d) => d.codigoGeneracion)
      : [];
    await Promise.all([
      m.emisores.deleteMany(por('nit')),
      m.contribuyentes.deleteMany(por('scope')),
      m.documentos.deleteMany(por('nitEmisor')),
      m.recepciones.deleteMany(por('nitEmisor')),
      m.contingencias.deleteMany(por('nitEmisor')),
      m.invalidaciones.deleteMany(por('nitEmisor')),
      m.documentosContingencia.deleteMany(por('nitEmisor')),
      m.lotes.deleteMany(por('nitEmisor')),
      m.lotesDocumentos.deleteMany(por('nitEmisor')),
      m.lotesResultados.deleteMany(por('nitEmisor')),
      m.control.deleteMany(por('scope')),
      m.rechazosPorCodigo.deleteMany(nit ? { codigoGeneracion: { $in: codigos } } : {}),
    ]);
  }
}
