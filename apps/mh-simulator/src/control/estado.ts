import type { Control, Outage, RechazoForzado, Store } from '../store';

/** The control settings in force for one emisor: its own scope over the global one over the defaults. */
export interface ControlEfectivo {
  latencyMs: number;
  /** Only requests whose path starts so are slowed (null: every MH endpoint). */
  latencyRuta: string | null;
  outage: Outage;
  clockOffsetSeconds: number;
  /** How long a lote waits before it is processed (MH takes 1–3 minutes; tests want less). */
  loteDelayMs: number;
  /** MH's refusal of the 2023 schemas from this emission instant (null: both generations are accepted). */
  rechazar2023Desde: Date | null;
}

export const GLOBAL = '*';
const defaults: ControlEfectivo = {
  latencyMs: 0,
  latencyRuta: null,
  outage: 'none',
  clockOffsetSeconds: 0,
  loteDelayMs: 1000,
  rechazar2023Desde: null,
};

export class Controles {
  constructor(
    private readonly store: Store,
    /** With the control API disabled nothing set earlier in the DB may change MH's behaviour. */
    readonly enabled: boolean,
  ) {}

  async para(nit: string | undefined): Promise<ControlEfectivo> {
    if (!this.enabled) return defaults;
    const scopes = nit ? [GLOBAL, nit] : [GLOBAL];
    const docs = await this.store.control.find({ scope: { $in: scopes } }).lean();
    const pick = (scope: string) => docs.find((d) => d.scope === scope) ?? ({} as Partial<Control>);
    const merged = { ...defaults };
    for (const doc of [pick(GLOBAL), nit ? pick(nit) : {}] as Partial<Control>[]) {
      if (doc.latencyMs !== undefined) merged.latencyMs = doc.latencyMs;
      if (doc.latencyRuta !== undefined) merged.latencyRuta = doc.latencyRuta;
      if (doc.outage !== undefined) merged.outage = doc.outage;
      if (doc.clockOffsetSeconds !== undefined) merged.clockOffsetSeconds = doc.clockOffsetSeconds;
      if (doc.loteDelayMs !== undefined) merged.loteDelayMs = doc.loteDelayMs;
      // An emisor's null overrides a global instant: that emisor is back to both generations.
      if (doc.rechazar2023Desde !== undefined) merged.rechazar2023Desde = doc.rechazar2023Desde;
    }
    return merged;
  }

  /** MH's clock as this emisor sees it (the control API can move it to test windows and expiry). */
  async ahora(nit: string | undefined): Promise<Date> {
    return new Date(Date.now() + (await this.para(nit)).clockOffsetSeconds * 1000);
  }

  /**
   * A rejection requested through the control API for this document, consumed atomically: first one
   * aimed at its codigoGeneracion, then "the next N documents" of its emisor, then of everyone.
   */
  async rechazoForzado(nit: string, codigoGeneracion: string | null): Promise<RechazoForzado | undefined> {
    if (!this.enabled) return undefined;
    if (codigoGeneracion) {
      const porCodigo = await this.store.rechazosPorCodigo.findOne({ codigoGeneracion }).lean();
      if (porCodigo && porCodigo.veces == null) return porCodigo;
      if (porCodigo) {
        const consumido = await this.store.rechazosPorCodigo
          .findOneAndUpdate({ codigoGeneracion, veces: { $gt: 0 } }, { $inc: { veces: -1 } })
          .lean();
        if (consumido) return consumido;
      }
    }
    // A plain read first: the atomic decrement is a write, and almost every document finds nothing to consume.
    const pendientes = await this.store.control
      .find({ scope: { $in: [nit, GLOBAL] }, 'rechazarSiguientes.restantes': { $gt: 0 } }, { scope: 1 })
      .lean();
    for (const scope of [nit, GLOBAL].filter((s) => pendientes.some((p) => p.scope === s))) {
      const control = await this.store.control
        .findOneAndUpdate(
          { scope, 'rechazarSiguientes.restantes': { $gt: 0 } },
          { $inc: { 'rechazarSiguientes.restantes': -1 } },
        )
        .lean();
      if (control?.rechazarSiguientes) return control.rechazarSiguientes;
    }
    return undefined;
  }
}
