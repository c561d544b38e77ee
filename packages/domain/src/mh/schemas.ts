import anulacionV2 from './schemas/anulacion-schema-v2.json';
import contingenciaV3 from './schemas/contingencia-schema-v3.json';
import ccfV3 from './schemas/fe-ccf-v3.json';
import cdV1 from './schemas/fe-cd-v1.json';
import clV1 from './schemas/fe-cl-v1.json';
import crV1 from './schemas/fe-cr-v1.json';
import dclV1 from './schemas/fe-dcl-v1.json';
import fV2 from './schemas/fe-f-v2.json';
import fcV1 from './schemas/fe-fc-v1.json';
import fexV1 from './schemas/fe-fex-v1.json';
import fseV1 from './schemas/fe-fse-v1.json';
import ncV3 from './schemas/fe-nc-v3.json';
import ndV3 from './schemas/fe-nd-v3.json';
import nrV3 from './schemas/fe-nr-v3.json';
import eretV1 from '../dte/retorno/fe-eret-v1.provisional.json';

/** MH's official JSON schemas, vendored byte-for-byte (see PROVENANCE.md beside them). */
export const mhSchemas = {
  'fe-fc-v1': fcV1,
  'fe-f-v2': fV2,
  'fe-ccf-v3': ccfV3,
  'fe-nr-v3': nrV3,
  'fe-nc-v3': ncV3,
  'fe-nd-v3': ndV3,
  'fe-cr-v1': crV1,
  'fe-cl-v1': clV1,
  'fe-dcl-v1': dclV1,
  'fe-fex-v1': fexV1,
  'fe-fse-v1': fseV1,
  'fe-cd-v1': cdV1,
  'anulacion-schema-v2': anulacionV2,
  'contingencia-schema-v3': contingenciaV3,
  /** Not MH's: our PROVISIONAL design until MH publishes the Evento de Retorno schema. */
  'fe-eret-v1': eretV1,
} as const;
export type MhSchemaName = keyof typeof mhSchemas;

/** Which schema validates a document of a given (tipoDte, version). */
export const dteSchemaByTipoVersion: Record<string, MhSchemaName> = {
  '01/1': 'fe-fc-v1',
  '01/2': 'fe-f-v2',
  '03/3': 'fe-ccf-v3',
  '04/3': 'fe-nr-v3',
  '05/3': 'fe-nc-v3',
  '06/3': 'fe-nd-v3',
  '07/1': 'fe-cr-v1',
  '08/1': 'fe-cl-v1',
  '09/1': 'fe-dcl-v1',
  '11/1': 'fe-fex-v1',
  '14/1': 'fe-fse-v1',
  '15/1': 'fe-cd-v1',
  '18/1': 'fe-eret-v1',
};
