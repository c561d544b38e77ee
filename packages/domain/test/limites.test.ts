import {
  ENVIOS_POR_RECEPCION,
  ESPERA_MH,
  INTERCAMBIOS_POR_RECEPCION,
  LIMITE_RECEPCION_MS,
  MAX_TIMEOUT_MH_MS,
  siguienteEspera,
  TIMEOUT_MH_MS,
} from '../src/mh/limites';

describe("MH's timing", () => {
  it('doubles a wait up to its maximum: 10, 20, 40 … 320, 600, 600 s for a document MH does not answer', () => {
    const esperas = [ESPERA_MH.inicialSegundos];
    while (esperas.length < 9) esperas.push(siguienteEspera(esperas.at(-1)!, ESPERA_MH));
    expect(esperas).toEqual([10, 20, 40, 80, 160, 320, 600, 600, 600]);
  });

  it("fits a reception's exchanges at MH's 8-second timeout in its 2-minute limit", () => {
    // A login and a consult before each of the three sends: 1 + 2 × 3 = 7 exchanges of 8 s = 56 s ≤ 120 s.
    expect([ENVIOS_POR_RECEPCION, INTERCAMBIOS_POR_RECEPCION]).toEqual([3, 7]);
    expect(INTERCAMBIOS_POR_RECEPCION * TIMEOUT_MH_MS).toBeLessThanOrEqual(LIMITE_RECEPCION_MS);
    expect(MAX_TIMEOUT_MH_MS).toBe(17142);
  });
});
