import { examples, formatNumeroControl, type BuildContext, type EmisorDte } from '../../src';

/**
 * Shared test data: a demo emisor (casa matriz M001, punto de venta P001, ambiente TEST), a fixed
 * clock and uuid so built documents are deterministic, and valid request fragments.
 */

/** The demo taxpayer. Its direccion carries the 2024 distrito, which v1/v3 print inside complemento. */
export const emisor: EmisorDte = {
  nit: '06142803901121',
  nrc: '2345678',
  nombre: 'EMPRESA DEMOSTRACION, S.A. DE C.V.',
  nombreComercial: 'DEMO DTE',
  codActividad: '62010',
  descActividad: 'Programación informática',
  tipoEstablecimiento: '02',
  direccion: {
    departamento: '06',
    municipio: '23',
    distrito: '14',
    complemento: 'Av. Alvarado y Diagonal Centroamérica #4',
  },
  // With a hyphen, as a taxpayer types it; CR v1 wants it bare.
  telefono: '2222-3333',
  correo: 'facturacion@demo.example',
  codEstableMH: 'M001',
  codEstable: 'M001',
  codPuntoVentaMH: 'P001',
  codPuntoVenta: 'P001',
};

export const CODIGO_GENERACION = '341CA743-70F1-4CFE-88BC-7E4AE72E60CB';
export const FEC_EMI = '2026-11-20';
export const HOR_EMI = '10:19:44';

/** The context of the first document of `tipoDte` at M001/P001, issued normally (not in contingency). */
export function context(tipoDte: string, overrides: Partial<BuildContext> = {}): BuildContext {
  return {
    ambiente: '00',
    codigoGeneracion: CODIGO_GENERACION,
    numeroControl: formatNumeroControl(tipoDte, 'M001', 'P001', 1),
    fecEmi: FEC_EMI,
    horEmi: HOR_EMI,
    emisor,
    contingencia: null,
    ...overrides,
  };
}

export const { direccion, contribuyente } = examples;
