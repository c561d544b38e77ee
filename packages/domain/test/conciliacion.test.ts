import { diferencia, type LadoLocal, type LadoMh } from '../src';

const SELLO = '2026AB12CD34EF56GH78IJ90KL12MN34OP56QR78';
const OTRO = '2026ZZ12CD34EF56GH78IJ90KL12MN34OP56QR78';
const local = (estado: string, selloRecibido: string | null = SELLO): LadoLocal => ({ estado, selloRecibido });
const mh = (estado: LadoMh['estado'], selloRecibido: string | null = SELLO): LadoMh => ({ estado, selloRecibido });

describe('reconciliation: the difference between the record and MH', () => {
  it.each([
    ['accepted on both sides with the same sello', local('PROCESSED'), mh('PROCESADO'), null],
    ['invalidated on both sides', local('CANCELLED'), mh('INVALIDADO'), null],
    ['nowhere', null, null, null],
    ['rejected and unknown to MH', local('REJECTED', null), null, null],
    ['pending and unknown to MH (its outcome is still being learned)', local('PENDIENTE', null), null, null],
    ['in contingencia, not sent yet', local('CONTINGENCIA', null), null, null],
    ['accepted on record, unknown to MH', local('PROCESSED'), null, 'NO_EN_MH'],
    ['invalidated on record, unknown to MH', local('CANCELLED'), null, 'NO_EN_MH'],
    ['another sello', local('PROCESSED'), mh('PROCESADO', OTRO), 'SELLO_DISTINTO'],
    ['invalidated, another sello', local('CANCELLED'), mh('INVALIDADO', OTRO), 'SELLO_DISTINTO'],
    ['held by MH only', null, mh('PROCESADO'), 'NO_LOCAL'],
    ['invalidated at MH only', local('PROCESSED'), mh('INVALIDADO'), 'ANULACION_NO_REFLEJADA'],
    ['invalidated on record only', local('CANCELLED'), mh('PROCESADO'), 'ANULACION_NO_REFLEJADA'],
    ['rejected on record, accepted by MH', local('REJECTED', null), mh('PROCESADO'), 'ESTADO_DISTINTO'],
    ['pending on record, accepted by MH', local('PENDIENTE', null), mh('PROCESADO'), 'ESTADO_DISTINTO'],
  ] as const)('%s', (_caso, l, m, esperada) => {
    expect(diferencia(l, m)).toBe(esperada);
  });
});
