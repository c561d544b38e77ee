import type { Control, Outage, RechazoForzado, Store } from '../store';

/** The control settings in force for one emisor: its own scope over the global one over the defaults. */
export interface ControlEfectivo {
  latencyMs: number;
  /** Only requests whose path starts so are slowed (null: every MH endpoint). */
  latencyRuta: string | null;
  outage: Outage;
  /** Only requests whose path starts so are under the outage (null: every MH endpoint). */
  outageRuta: string | null;
  clockOffsetSeconds: number;
  /** How long a lote waits before it is processed (MH takes 1–3 minutes; tests want less). */
  loteDelayMs: number;
  /** MH's refusal of the 2023 schemas from this emission instant (null: both generations are accepted). */
  rechazar2023Desde: Date | null;
}

/** Whether the emisor's outage covers a request to this path. */
export function enCorte(control: ControlEfectivo, ruta: string): boolean {
  return control.outageRuta === null || ruta.startsWith(control.outageRuta);
}

export const GLOBAL = '*';
const defaults: ControlEfectivo = {
  latencyMs: 0,
  latencyRuta: null,
  outage: 'none',
  outageRuta: null,
  clockOffsetSeconds: 0,
  loteDelayMs: 1000,
  rechazar2023Desde: null,
};

/**
 * The control settings, read from the database and kept until a control write: every write goes through
 * this process (the control API, and the consumption of a forced rejection here), which calls `cambiaron`
 * once it is stored. So a reception reads nothing of them in the common case, where it read them several
 * times before (the fault middleware, MH's clock for the token, the normativa, the forced rejections), and
 * a benchmark's stand-in for MH does not spend the cores the service needs on its test controls.
 */
export class Controles {
  /** Merged settings per emisor (GLOBAL for none), as loads in flight or done. */
  private readonly vigentes = new Map<string, Promise<ControlEfectivo>>();
  /** Whether any forced rejection may be waiting; undefined until read again after a write. */
  private rechazos: Promise<boolean> | undefined;
  /** Settled by the next control write (`cambiaron`). */
  private proximoCambio = aviso();
  /** The requests outage "hold" keeps waiting: their emisor (GLOBAL for none) and path. */
  private readonly retenidas = new Set<{ emisor: string; ruta: string }>();

  constructor(
    private readonly store: Store,
    /** With the control API disabled nothing set earlier in the DB may change MH's behaviour. */
    readonly enabled: boolean,
  ) {}

  /**
   * Forgets what was read: called after each control write has been stored. A load in flight is forgotten
   * too, so no reading that began before the write outlives it.
   */
  cambiaron(): void {
    this.vigentes.clear();
    this.rechazos = undefined;
    this.proximoCambio.avisar();
    this.proximoCambio = aviso();
  }

  /**
   * Keeps a request of outage "hold" waiting, unanswered, until its emisor's outage is set to another
   * mode, and answers the settings then in force: a test decides the moment MH answers.
   */
  async retener(nit: string | undefined, ruta: string): Promise<ControlEfectivo> {
    const retenida = { emisor: nit ?? GLOBAL, ruta };
    this.retenidas.add(retenida);
    try {
      for (;;) {
        // Taken before the read: a write landing between the two is not missed.
        const cambio = this.proximoCambio.promise;
        const control = await this.para(nit);
        if (control.outage !== 'hold' || !enCorte(control, ruta)) return control;
        await cambio;
      }
    } finally {
      this.retenidas.delete(retenida);
    }
  }

  /** The paths of the requests "hold" keeps waiting now, of one emisor (or of those without one). */
  retenidasDe(nit: string | undefined): string[] {
    const emisor = nit ?? GLOBAL;
    return [...this.retenidas].filter((r) => r.emisor === emisor).map((r) => r.ruta);
  }

  para(nit: string | undefined): Promise<ControlEfectivo> {
    if (!this.enabled) return Promise.resolve(defaults);
    const clave = nit ?? GLOBAL;
    let vigente = this.vigentes.get(clave);
    if (!vigente) {
      vigente = this.leer(nit);
      this.vigentes.set(clave, vigente);
      // A failed read is not kept: the next reception reads again.
      vigente.catch(() => this.vigentes.get(clave) === vigente && this.vigentes.delete(clave));
    }
    return vigente;
  }

  private async leer(nit: string | undefined): Promise<ControlEfectivo> {
    const scopes = nit ? [GLOBAL, nit] : [GLOBAL];
    const docs = await this.store.control.deScopes(scopes);
    const pick = (scope: string) => docs.find((d) => d.scope === scope) ?? ({} as Partial<Control>);
    const merged = { ...defaults };
    for (const doc of [pick(GLOBAL), nit ? pick(nit) : {}] as Partial<Control>[]) {
      if (doc.latencyMs !== undefined) merged.latencyMs = doc.latencyMs;
      if (doc.latencyRuta !== undefined) merged.latencyRuta = doc.latencyRuta;
      if (doc.outage !== undefined) merged.outage = doc.outage;
      if (doc.outageRuta !== undefined) merged.outageRuta = doc.outageRuta;
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
    if (!this.enabled || !(await this.hayRechazos())) return undefined;
    const rechazo = await this.consumirRechazo(nit, codigoGeneracion);
    // One consumed may have been the last: look again next time.
    if (rechazo) this.rechazos = undefined;
    return rechazo;
  }

  /** Whether any forced rejection is stored: one look after each control write, not one per document. */
  private hayRechazos(): Promise<boolean> {
    if (!this.rechazos) {
      const leido = Promise.all([this.store.rechazosPorCodigo.hay(), this.store.control.hayRechazosSiguientes()]).then(
        ([porCodigo, siguientes]) => porCodigo || siguientes,
      );
      this.rechazos = leido;
      leido.catch(() => this.rechazos === leido && (this.rechazos = undefined));
    }
    return this.rechazos;
  }

  private async consumirRechazo(nit: string, codigoGeneracion: string | null): Promise<RechazoForzado | undefined> {
    if (codigoGeneracion) {
      const porCodigo = await this.store.rechazosPorCodigo.porCodigo(codigoGeneracion);
      if (porCodigo && porCodigo.veces == null) return porCodigo;
      if (porCodigo) {
        const consumido = await this.store.rechazosPorCodigo.consumir(codigoGeneracion);
        if (consumido) return consumido;
      }
    }
    // A plain read first: the atomic decrement is a write, and almost every document finds nothing to consume.
    const pendientes = await this.store.control.conRechazosSiguientes([nit, GLOBAL]);
    for (const scope of [nit, GLOBAL].filter((s) => pendientes.some((p) => p.scope === s))) {
      const control = await this.store.control.consumirRechazoSiguiente(scope);
      if (control?.rechazarSiguientes) return control.rechazarSiguientes;
    }
    return undefined;
  }
}

/** A promise and what settles it. */
function aviso(): { promise: Promise<void>; avisar: () => void } {
  let avisar!: () => void;
  const promise = new Promise<void>((resolve) => (avisar = resolve));
  return { promise, avisar };
}
