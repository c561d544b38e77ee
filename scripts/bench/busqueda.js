'use strict';
/**
 * The search box's cost at scale (`GET /dte?q=`): an emisor with `count` documents on its list, loaded
 * directly (never through MH): the list entries, the list's numbering claims and the search's index, each
 * document's fichas numbered in its series as `IndiceBusqueda` numbers them, from the domain's own
 * `fichasDeBusqueda`. Receptors are drawn from a pool of people (a name and a DUI) and companies (a name, a
 * NIT and an NRC), 1 in 5 documents without receptor; then queries of each kind a support person types, on
 * documents picked at random, are answered through the store's own `Documents.list`, as the API answers them.
 * p50, p95 and max per kind and over all are reported.
 */
const path = require('node:path');
const { randomUUID } = require('node:crypto');

const ROOT = path.resolve(__dirname, '../..');
const LOTE = 2000;
const CONSULTAS = 40;

const NOMBRES = [
  'José',
  'María',
  'Juan',
  'Ana',
  'Carlos',
  'Rosa',
  'Luis',
  'Carmen',
  'Jorge',
  'Marta',
  'Óscar',
  'Sofía',
  'Mario',
  'Elena',
  'René',
  'Gloria',
  'Héctor',
  'Patricia',
  'Raúl',
  'Verónica',
  'Manuel',
  'Lucía',
  'Francisco',
  'Isabel',
  'Roberto',
  'Claudia',
  'Ernesto',
  'Beatriz',
  'Salvador',
  'Julia',
];
const APELLIDOS = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Rodríguez',
  'Pérez',
  'Ramírez',
  'Flores',
  'Rivera',
  'Cruz',
  'Reyes',
  'Morales',
  'Ortiz',
  'Castillo',
  'Romero',
  'Vásquez',
  'Aguilar',
  'Mejía',
  'Guzmán',
  'Núñez',
  'Alvarado',
  'Menjívar',
  'Portillo',
  'Escobar',
  'Orellana',
  'Quintanilla',
  'Henríquez',
  'Argueta',
  'Cañas',
  'Zelaya',
  'Ayala',
  'Bonilla',
  'Chávez',
  'Deras',
  'Fuentes',
  'Galdámez',
  'Lemus',
  'Molina',
  'Palacios',
];
const RUBROS = [
  'Ferretería',
  'Farmacia',
  'Distribuidora',
  'Comercial',
  'Panadería',
  'Librería',
  'Taller',
  'Agropecuaria',
  'Inversiones',
  'Constructora',
  'Tienda',
  'Servicios',
];

/** A deterministic generator, so a kept data directory's documents are the ones the queries pick from. */
function azar(semilla) {
  let s = semilla >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const digitos = (r, n) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');

/** `n` receptors: 4 in 5 people (name and DUI), 1 in 5 companies (name, NIT, NRC). */
function receptores(n) {
  const r = azar(52);
  const de = (lista) => lista[Math.floor(r() * lista.length)];
  return Array.from({ length: n }, (_, i) => {
    if (i % 5 === 4) {
      const nombre = `${de(RUBROS)} ${de(APELLIDOS)} ${de(APELLIDOS)}, S.A. de C.V.`;
      return { nombre, identificadores: [digitos(r, 14), digitos(r, 7)] };
    }
    return { nombre: `${de(NOMBRES)} ${de(APELLIDOS)} ${de(APELLIDOS)}`, identificadores: [digitos(r, 9)] };
  });
}

/** Document k (1…count): its receptor (1 in 5 none: a consumidor final's Factura) and its numbers. */
function documento(k, pool) {
  const r = azar(k * 7919);
  const receptor = k % 5 === 0 ? null : pool[Math.floor(r() * pool.length)];
  const tipoDte = receptor && receptor.identificadores.length > 1 ? '03' : '01';
  return {
    codigoGeneracion: randomUUID().toUpperCase(),
    // One serie per tipo: the correlativo is the document's number among its tipo, as MH's numbering is.
    numeroControl: `DTE-${tipoDte}-M001P001-${String(k).padStart(15, '0')}`,
    tipo: tipoDte === '03' ? 'CREDITO_FISCAL' : 'FACTURA_CONSUMIDOR_FINAL',
    receptorNombre: receptor?.nombre ?? null,
    receptor: receptor?.identificadores ?? [],
  };
}

/** Stores `count` documents of `emisorId` on its list, with its claims and its search's index. */
async function cargar(db, emisorId, count, log) {
  const { fichasDeBusqueda } = require(path.join(ROOT, 'packages/domain'));
  const c = db.connection;
  const [entradas, claims, hints, indice] = ['documentos_lista', 'claims', 'claim_hints', 'documentos_busqueda'].map(
    (n) => c.collection(n),
  );
  const pool = receptores(Math.max(1000, Math.floor(count / 10)));
  const ultimos = new Map();
  const serie = `lista:${emisorId}`;
  const started = Date.now();
  let posiciones = 0;
  for (let n = 1; n <= count; n += LOTE) {
    const lote = [];
    const fichas = [];
    for (let k = n; k < Math.min(n + LOTE, count + 1); k++) {
      const d = documento(k, pool);
      const fecEmi = new Date(Date.UTC(2024, 0, 1) + Math.floor(k / 1000) * 86_400_000).toISOString().slice(0, 10);
      lote.push({
        _id: `${serie}:${k}`,
        ...d,
        fecEmi,
        total: '113.00',
        ambiente: '00',
        createdAt: new Date(),
        estado: 'PROCESSED',
        selloRecibido: null,
        anuladoEl: null,
        buscable: true,
      });
      for (const f of fichasDeBusqueda(d)) {
        const s = `${emisorId}:${f}`;
        const i = (ultimos.get(s) ?? 0) + 1;
        ultimos.set(s, i);
        fichas.push({ _id: `${s}:${i}`, n: k });
      }
    }
    posiciones += fichas.length;
    await Promise.all([
      entradas.insertMany(lote, { ordered: false }),
      claims.insertMany(
        lote.map((e) => ({ _id: e._id })),
        { ordered: false },
      ),
      indice.insertMany(fichas, { ordered: false }),
    ]);
    if ((n - 1) % 50_000 === 0) log(`busqueda: loaded ${n - 1 + lote.length}/${count} (${posiciones} index entries)`);
  }
  await hints.updateOne({ _id: serie }, { $max: { n: count } }, { upsert: true });
  return { segundos: (Date.now() - started) / 1000, posiciones };
}

/** p50, p95 and max in ms of the times, and how many documents the answers held. */
function resumen(ms, documentos) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { n: s.length, p50: q(50), p95: q(95), max: s[s.length - 1], documentos };
}

/**
 * Loads the emisor's documents (unless a kept data directory holds them already), then answers
 * CONSULTAS queries of each kind, each a first page of 50 (a page of the largest size the console asks).
 */
async function benchBusqueda(db, count, log) {
  const { Documents, TenantCache } = require(path.join(ROOT, 'packages/store'));
  const documents = new Documents(db, new TenantCache(db.models, 0));
  const emisorId = 990000300;
  const stored = await db.connection.collection('claim_hints').findOne({ _id: `lista:${emisorId}` });
  const carga = stored?.n === count ? { segundos: 0, posiciones: null } : await cargar(db, emisorId, count, log);
  const r = azar(2026);
  /** An entry of a document picked at random, with a receptor when `conReceptor`. */
  const alAzar = async (conReceptor) => {
    for (;;) {
      const k = 1 + Math.floor(r() * count);
      const e = await db.connection.collection('documentos_lista').findOne({ _id: `lista:${emisorId}:${k}` });
      if (!conReceptor || e.receptorNombre) return e;
    }
  };
  const sinAcentos = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const clases = {
    // "ferre lop", "jose hern": the first letters of two words of the name, lower case, without accents.
    nombre: async () => {
      const palabras = sinAcentos((await alAzar(true)).receptorNombre)
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
      return `${palabras[0].slice(0, 5)} ${palabras[1].slice(0, 4)}`;
    },
    // One surname, whole: thousands of documents, a full page at once.
    apellido: async () => sinAcentos((await alAzar(true)).receptorNombre).split(' ')[1],
    dui: async () => {
      const id = (await alAzar(true)).receptor.find((i) => i.length === 9) ?? (await clases.nit());
      return id.length === 9 ? `${id.slice(0, 8)}-${id.slice(8)}` : id;
    },
    nit: async () => {
      for (;;) {
        const e = await alAzar(true);
        if (e.receptor.length > 1)
          return `${e.receptor[0].slice(0, 4)}-${e.receptor[0].slice(4, 10)}-${e.receptor[0].slice(10, 13)}-${e.receptor[0].slice(13)}`;
      }
    },
    nrc: async () => {
      for (;;) {
        const e = await alAzar(true);
        if (e.receptor.length > 1) return `${e.receptor[1].slice(0, 6)}-${e.receptor[1].slice(6)}`;
      }
    },
    // The correlativo as printed, without its zeros, and the número de control's end in lower case.
    correlativo: async () => String(Number((await alAzar(false)).numeroControl.slice(-15))),
    numeroControl: async () => (await alAzar(false)).numeroControl.slice(7).toLowerCase(),
    codigoGeneracion: async () => (await alAzar(false)).codigoGeneracion.slice(0, 13).toLowerCase(),
    sinCoincidencia: async () => `zqx${Math.floor(r() * 1000)} wvk`,
  };
  const resultado = { count, cargaSegundos: carga.segundos, posiciones: carga.posiciones, clases: {} };
  const todos = [];
  for (const [clase, consulta] of Object.entries(clases)) {
    const ms = [];
    let documentos = 0;
    for (let i = 0; i < CONSULTAS; i++) {
      const q = await consulta();
      const t = process.hrtime.bigint();
      const { entradas } = await documents.list(emisorId, { q }, null, 50);
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
      documentos += entradas.length;
      if (clase !== 'sinCoincidencia' && !entradas.length) throw new Error(`busqueda: ${q} found nothing`);
    }
    todos.push(...ms);
    resultado.clases[clase] = resumen(ms, documentos / CONSULTAS);
    const c = resultado.clases[clase];
    log(
      `busqueda ${count}: ${clase} p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms (${c.documentos} documents)`,
    );
  }
  resultado.todas = resumen(todos, null);
  log(
    `busqueda ${count}: all queries p50 ${resultado.todas.p50.toFixed(1)} ms, p95 ${resultado.todas.p95.toFixed(1)} ms`,
  );
  return resultado;
}

module.exports = { benchBusqueda };
