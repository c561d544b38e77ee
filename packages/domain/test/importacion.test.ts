import { generateKeyPairSync } from 'node:crypto';
import {
  buildFacturaV2,
  comprobarImportado,
  conclusionDeImportacion,
  dte01Request,
  DteError,
  identificarCompra,
  identificarImportado,
  parseRequest,
  signDte,
  type RespuestaConsulta,
} from '../src';
import { context, emisor } from './support/fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const SELLO = '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78';
const archivoDe = (dte: object): Json =>
  structuredClone({ ...dte, firmaElectronica: signDte(dte, privateKey), selloRecibido: SELLO });
/** The emisor that issued the fixtures' documents, in MH's test environment as they are. */
const esteEmisor = { nit: emisor.nit, ambiente: '00' };

const factura = buildFacturaV2(
  context('01'),
  parseRequest(dte01Request, {
    receptor: {},
    condicionOperacion: 1,
    items: [{ descripcion: 'Producto', cantidad: 1, precioUnitario: 11.3 }],
  }),
);
const procesado: RespuestaConsulta = {
  estado: 'PROCESADO',
  selloRecibido: SELLO,
  codigoMsg: '001',
  descripcionMsg: 'RECIBIDO',
};

describe('a document brought from a previous provider', () => {
  it('is identified whatever kind the service issues, a Factura de Exportación too, which no purchase is', () => {
    // Identification reads the kind, not the kind's schema: a Factura's file named an FEX does.
    const fex = archivoDe(factura);
    fex.identificacion.tipoDte = '11';
    expect(identificarImportado(fex)).toMatchObject({ tipoDte: '11', proveedor: { nit: emisor.nit } });
    expect(() => identificarCompra(fex)).toThrow(DteError);
  });

  it('passes the checks without MH when it is the emisor’s, signed, of MH’s schema', () => {
    const archivo = archivoDe(factura);
    expect(comprobarImportado(archivo, identificarImportado(archivo), esteEmisor)).toEqual([]);
  });

  it('is another emisor’s when another NIT issued it, whatever else', () => {
    const archivo = archivoDe(factura);
    expect(
      comprobarImportado(archivo, identificarImportado(archivo), { nit: '06140101010101', ambiente: '01' }),
    ).toEqual([
      {
        codigo: 'OTRO_EMISOR',
        campo: 'emisor.nit',
        mensaje: `Lo emitió el NIT ${emisor.nit}, no el emisor (06140101010101)`,
      },
    ]);
  });

  it('names the other ambiente, a changed figure, and a document of no MH schema', () => {
    const archivo = archivoDe(factura);
    archivo.resumen.totalPagar = 1;
    archivo.receptor = null;
    archivo.cuerpoDocumento[0].descripcion = '';
    const motivos = comprobarImportado(archivo, identificarImportado(archivo), { ...esteEmisor, ambiente: '01' });
    expect(motivos.map((m) => m.codigo)).toEqual(
      expect.arrayContaining(['AMBIENTE', 'ESQUEMA', 'DIFIERE_DE_LO_FIRMADO']),
    );
  });

  it('is imported with MH’s sello when MH holds it PROCESADO with the file’s sello, and only then', () => {
    expect(conclusionDeImportacion(procesado, SELLO)).toEqual({ selloRecibido: SELLO, motivo: null });
    expect(conclusionDeImportacion(procesado, null)).toEqual({ selloRecibido: SELLO, motivo: null });
    expect(conclusionDeImportacion(procesado, `${SELLO.slice(0, -1)}X`).motivo?.codigo).toBe('SELLO_DIFIERE');
    expect(
      conclusionDeImportacion({ ...procesado, estado: 'INVALIDADO', descripcionMsg: 'DOCUMENTO INVALIDADO' }, SELLO),
    ).toEqual({
      selloRecibido: null,
      motivo: { codigo: 'INVALIDADO_EN_MH', campo: null, mensaje: 'MH: DOCUMENTO INVALIDADO' },
    });
    expect(
      conclusionDeImportacion(
        { estado: 'RECHAZADO', selloRecibido: null, codigoMsg: '014', descripcionMsg: 'NO EXISTE' },
        SELLO,
      ).motivo,
    ).toEqual({
      codigo: 'NO_ESTA_EN_MH',
      campo: 'identificacion.codigoGeneracion',
      mensaje: 'MH no tiene el documento (014: NO EXISTE)',
    });
  });
});
