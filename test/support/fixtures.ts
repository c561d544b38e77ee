import { examples } from '@dte/domain';
import type { DocumentRecordView } from '@dte/store';
import { api, testDatabase, type TestTenant } from './tenant';

/** Request fragments the issuance suites share. */

export const { direccion } = examples;

/** The documented DTE 03/05/06 receptor, with an address of the test's own. */
export const contribuyente = (correo = 'contribuyente@example.test') => ({ ...examples.contribuyente, correo });

/** An anulación of type 2 (the operation rescinded, no replacement) of one of the tenant's documents. */
export const anulacionRescindida = (codigoGeneracion: string) => ({
  codigoGeneracion,
  motivo: {
    tipoAnulacion: 2,
    motivoAnulacion: 'Operación rescindida',
    nombreResponsable: 'Ana Gómez',
    tipDocResponsable: '13',
    numDocResponsable: '012345678',
    nombreSolicita: 'Juan Pérez',
    tipDocSolicita: '13',
    numDocSolicita: '012345678',
  },
});

/** Today in El Salvador (UTC−6), as MH dates documents. */
export const hoy = () => new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10);

/** Issues a CCF of one item of `precioUnitario` (IVA excluded) and answers its record. */
export async function emitirCcf(tenant: TestTenant, precioUnitario: number, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/dte/dte03', tenant, {
    receptor: contribuyente(),
    items: [{ descripcion: 'Servicio original', cantidad: 1, precioUnitario }],
    condicionOperacion: 1,
    ...extra,
  });
  if (res.status !== 201) throw new Error(`CCF not issued: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Issues a Factura of one item and answers its record. */
export async function emitirFactura(
  tenant: TestTenant,
  items: { descripcion: string; cantidad: number; precioUnitario: number; montoDescu?: number }[] = [
    { descripcion: 'X', cantidad: 1, precioUnitario: 5 },
  ],
) {
  const res = await api('POST', '/dte/dte01', tenant, { receptor: {}, items, condicionOperacion: 1 });
  if (res.status !== 201) throw new Error(`Factura not issued: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Issues a document by POST `ruta` and answers its record, sealed (201). */
export async function emitir(quien: TestTenant, ruta: string, body: object): Promise<DocumentRecordView> {
  const res = await api('POST', ruta, quien, body);
  if (res.status !== 201) throw new Error(`${ruta}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The contribuyente block naming a test tenant, so that its suppliers issue it documents. */
export async function alReceptor(receptor: TestTenant) {
  const nrc = (await (await testDatabase()).models.Emisor.findOne({ nit: receptor.nit }).lean())!.nrc;
  return { ...contribuyente(), nit: receptor.nit, numDocumento: receptor.nit, nrc };
}

/** A supplier's document as its receptor receives it: its Archivo DTE (GET /dte/{cg}/json). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function archivoDte(de: TestTenant, doc: DocumentRecordView): Promise<Record<string, any>> {
  const res = await api('GET', `/dte/${doc.codigoGeneracion}/json`, de);
  if (res.status !== 200) throw new Error(`Archivo DTE of ${doc.codigoGeneracion}: ${res.status}`);
  return res.body;
}
