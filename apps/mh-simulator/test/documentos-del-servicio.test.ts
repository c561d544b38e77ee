import {
  buildDocument,
  documentKind,
  generacionDe,
  GENERACIONES,
  generarSolicitud,
  parseRequest,
  TIPOS_CERTIFICABLES,
  versionEn,
  type CcfAceptado,
  type Dte,
  type Generacion,
  type TipoCertificable,
} from '@dte/domain';
import { context } from '../../../packages/domain/test/support/fixtures';
import { aceptado } from '../../../packages/domain/test/support/origen';
import { verificarCalculos } from '../src/recepcion/calculo';
import { verificarCatalogos } from '../src/recepcion/catalogos';
import { verificarCondiciones } from '../src/recepcion/condiciones';
import { reglasDeRelacionados } from '../src/recepcion/relacionados';
import { verificarTributos } from '../src/recepcion/tributos';

/**
 * The documents the service builds meet every rule the simulator checks without its records: 30 requests of
 * each kind in each generation, from the certification campaign's generator (varied amounts, discounts,
 * exentas, payments, related documents), built by the domain's builders. A rule added to the simulator that
 * the service's documents break fails here before it fails an issuance.
 */
type Json = Record<string, unknown>;

const FECHA = '2026-11-20';
const codigoCcf = (j: number) => `${String(j).padStart(8, '0')}-AAAA-4BBB-8CCC-${String(j).padStart(12, '0')}`;
const ccfs: CcfAceptado[] = Array.from({ length: 5 }, (_, j) => ({ indice: j, codigoGeneracion: codigoCcf(j) }));
const opciones = (generacion: Generacion) => ({ semilla: 'reglas-del-simulador', generacion, fecha: FECHA, ccfs });

function construir(tipo: TipoCertificable, generacion: Generacion, i: number, origenes: Dte[] = []): Dte {
  const kind = documentKind(tipo);
  const ctx = context(kind.tipoDte, tipo === 'CREDITO_FISCAL' ? { codigoGeneracion: codigoCcf(i) } : {});
  const request = parseRequest(kind.requestSchema, generarSolicitud(tipo, i, opciones(generacion)));
  return buildDocument(
    tipo,
    versionEn(tipo, generacion),
    ctx,
    request,
    origenes.map((o) => aceptado(o)),
  );
}

/** Every finding, by code and field, of the checks that need no records. */
function hallazgos(dte: Dte): string[] {
  const doc = dte as unknown as Json;
  const { tipoDte, version } = dte.identificacion as { tipoDte: string; version: number };
  return [
    ...verificarCatalogos(doc, generacionDe(tipoDte, version)!),
    ...verificarCondiciones(tipoDte, version, doc),
    ...reglasDeRelacionados(tipoDte, doc),
    ...verificarTributos(tipoDte, doc),
    ...verificarCalculos(tipoDte, version, doc).hallazgos,
  ].map((h) => `${h.codigoMsg} ${h.campo}`);
}

describe.each(GENERACIONES)('the service’s documents, %s generation', (generacion) => {
  const origenes = Array.from({ length: 5 }, (_, j) => construir('CREDITO_FISCAL', generacion, j));

  it.each(TIPOS_CERTIFICABLES)('%s: 30 documents break no rule of the simulator', (tipo) => {
    for (let i = 0; i < 30; i++) {
      const notas = tipo === 'NOTA_CREDITO' || tipo === 'NOTA_DEBITO' ? [origenes[i % 5]!] : [];
      const dte = construir(tipo, generacion, i, notas);
      expect([i, hallazgos(dte)]).toEqual([i, []]);
    }
  });
});
