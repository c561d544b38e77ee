import { envio, nuevoEmisor, type Emisor } from '../mh-simulator/cliente';
import { creditoFiscalV4, invalidacionV3 } from '../mh-simulator/documentos';

/**
 * The simulator's consultadte for a document of another emisor: its receptor may ask (with the emisor's NIT
 * as nitEmisor, under its own session), before and after the emisor invalidates it; any other taxpayer gets
 * 014, as for a document MH does not hold (docs/api-rules.md, "Documents received").
 */
describe('consultadte asked by the receptor of a document', () => {
  let proveedor: Emisor;
  let receptor: Emisor;
  let tercero: Emisor;

  beforeAll(async () => {
    [proveedor, receptor, tercero] = await Promise.all([nuevoEmisor(), nuevoEmisor(), nuevoEmisor()]);
  });

  const consultar = (quien: Emisor, codigoGeneracion: string, nitEmisor = proveedor.nit) =>
    quien.post('/fesv/recepcion/consultadte/', { nitEmisor, tdte: '03', codigoGeneracion });

  it('answers the receptor the sello, then INVALIDADO; never a third taxpayer', async () => {
    const ccf = creditoFiscalV4(proveedor.nit);
    ccf.receptor.nit = receptor.nit;
    const recibido = await envio(proveedor, ccf);
    expect(recibido.data.estado).toBe('PROCESADO');
    const cg = ccf.identificacion.codigoGeneracion;

    expect((await consultar(receptor, cg)).data).toMatchObject({
      estado: 'PROCESADO',
      codigoGeneracion: cg,
      selloRecibido: recibido.data.selloRecibido,
    });
    for (const [quien, nitEmisor] of [
      [tercero, proveedor.nit],
      [tercero, tercero.nit],
      // The receptor naming itself as emisor: not its document.
      [receptor, receptor.nit],
    ] as const)
      expect((await consultar(quien, cg, nitEmisor)).data).toMatchObject({
        estado: 'RECHAZADO',
        codigoMsg: '014',
        selloRecibido: null,
      });

    const evento = invalidacionV3(proveedor.nit, ccf, recibido.data.selloRecibido, { tipoAnulacion: 2 });
    const anulado = await proveedor.post('/fesv/anulardte', {
      ambiente: '00',
      idEnvio: 1,
      version: 3,
      documento: proveedor.firmar(evento),
    });
    expect(anulado.data.estado).toBe('PROCESADO');
    expect((await consultar(receptor, cg)).data).toMatchObject({
      estado: 'INVALIDADO',
      selloRecibido: recibido.data.selloRecibido,
    });
  });
});
