import { documentKind, type DteTipo } from '@dte/domain';
import { EMITIDO, ISSUANCE_EXAMPLES, recordExamples } from '../openapi/examples';
import { example, json, type Operation } from '../openapi/operation';
import { issued, issuePending } from '../openapi/schemas';
import { ENDPOINTS } from './issue';

/** What each kind adds to the issuance operation: its description and the refusals of its own rules. */
const ISSUANCE: Record<DteTipo, { summary: string; description: string; errors: Operation['errors'] }> = {
  FACTURA_CONSUMIDOR_FINAL: {
    summary: 'Issue a Factura (DTE 01)',
    description:
      'Sale to a final consumer; `precioUnitario` includes IVA. The receptor may be anonymous below $1095.00 ' +
      '(`tipoDocumento` and `numDocumento` come together or not at all). `testContingencia: true` rehearses a ' +
      'contingency in ambiente TEST (VALIDATION_ERROR in PROD), of the CAT-005 `tipoContingencia` (1 when ' +
      'absent; 5, Otro, requires `motivoContingencia`).',
    errors: {},
  },
  CREDITO_FISCAL: {
    summary: 'Issue a Comprobante de Crédito Fiscal (DTE 03)',
    description:
      'Sale to an IVA taxpayer; `precioUnitario` excludes IVA. A receptor missing tipoDocumento, numDocumento, ' +
      'nit or nombre is RECEPTOR_VALIDATION_ERROR. `isRetenIva` withholds 1 % IVA.',
    errors: { 400: ['RECEPTOR_VALIDATION_ERROR'] },
  },
  NOTA_REMISION: {
    summary: 'Issue a Nota de Remisión (DTE 04)',
    description:
      'Goods moved without a sale (on consignment, to a deposit, between establishments), under the title ' +
      '`receptor.bienTitulo` (CAT-025). Valued as a CCF: `precioUnitario` excludes IVA, added on the taxable ' +
      'total. `documentosRelacionados` names the Facturas or CCFs (electronic by codigoGeneracion, paper by ' +
      'number; one type only) the goods move for; an item may name one of them in `numeroDocumento`. No payment.',
    errors: {},
  },
  NOTA_CREDITO: {
    summary: 'Issue a Nota de Crédito (DTE 05)',
    description:
      'Credits a CCF (`codigoGeneracion`) that MH accepted, or several (`documentosRelacionados`: electronic by ' +
      'codigoGeneracion, paper by number and date; each item names its CCF in `numeroDocumento`). Without ' +
      '`receptor` the CCF’s receptor is used. The notes of one CCF never credit more than its montoTotalOperacion.',
    errors: {
      400: ['RECEPTOR_VALIDATION_ERROR', 'INVALID_ORIGIN_TYPE', 'DOCUMENT_NOT_PROCESSED', 'CREDIT_EXCEEDS_ORIGINAL'],
      404: ['DOCUMENT_NOT_FOUND'],
    },
  },
  NOTA_DEBITO: {
    summary: 'Issue a Nota de Débito (DTE 06)',
    description:
      'Adds charges to a CCF (`codigoGeneracion`) that MH accepted, or to several (`documentosRelacionados`, ' +
      'electronic or paper, each item naming its CCF); without `receptor` the CCF’s is used.',
    errors: {
      400: ['RECEPTOR_VALIDATION_ERROR', 'INVALID_ORIGIN_TYPE', 'DOCUMENT_NOT_PROCESSED'],
      404: ['DOCUMENT_NOT_FOUND'],
    },
  },
  COMPROBANTE_RETENCION: {
    summary: 'Issue a Comprobante de Retención (DTE 07)',
    description:
      'IVA withheld on related documents, one `cuerpoDocumento` line each (`numItem` 1, 2, 3…); `ivaRetenido` ' +
      'must be the rate of `codigoRetencionMH` applied to `montoSujetoGrav`.',
    errors: {},
  },
  COMPROBANTE_LIQUIDACION: {
    summary: 'Issue a Comprobante de Liquidación (DTE 08)',
    description:
      'Issued by a comisionista to the taxpayer it sold for (the mandante): one `cuerpoDocumento` line per sale ' +
      'document (tipoDte 01, 03, 05, 06, 11; electronic by codigoGeneracion, paper by number) with its ' +
      'ventaNoSuj, ventaExenta, ventaGravada (without IVA) or exportaciones. IVA is 13 % of each line’s gravada; a ' +
      'credit note, or a line marked `invalidado`, subtracts. `total` = montoTotalOperacion + `ivaPercibido`.',
    errors: { 400: ['RECEPTOR_VALIDATION_ERROR'] },
  },
  DOCUMENTO_CONTABLE_LIQUIDACION: {
    summary: 'Issue a Documento Contable de Liquidación (DTE 09)',
    description:
      'Issued by a card operator (agente perceptor) to an afiliado for a period: `valorOperaciones` (IVA ' +
      'included) less `montoSinPercepcion` is the subTotal, whose IVA is 13/113; the 2 % IVA percibido is taken ' +
      'on the rest, and the `comision` and its 13 % IVA come off what is paid (`liquidoApagar`, the record’s ' +
      'total). `extension` names who delivers the liquidation.',
    errors: { 400: ['RECEPTOR_VALIDATION_ERROR'] },
  },
  FACTURA_EXPORTACION: {
    summary: 'Issue a Factura de Exportación (DTE 11)',
    description:
      'Sale to a buyer abroad (`receptor.codPais`, CAT-020 ISO code; `tipoPersona`), taxed at 0 % (tributo C3). ' +
      '`exportacion` says what is exported (`tipoItemExpor` 1 goods, 2 services, 3 both), its customs office ' +
      "(`recintoFiscal`, CAT-027) and regime (`regimen`, CAT-028 as MH's July 2026 catalog writes it, `1000.000`, " +
      'or as v1.2 did, `EX-1.1000.000`; both required for goods, refused for services), ' +
      'the incoterm (`codIncoterms`, CAT-031) and the `flete` and `seguro` that make part of montoTotalOperacion. ' +
      'A `descuento` (percentage or amount) comes off the exported total.',
    errors: {},
  },
  SUJETO_EXCLUIDO: {
    summary: 'Issue a Factura de Sujeto Excluido (DTE 14)',
    description: 'Purchase from a person not registered for IVA; `applyrent: true` withholds 10 % income tax.',
    errors: {},
  },
  COMPROBANTE_DONACION: {
    summary: 'Issue a Comprobante de Donación (DTE 15)',
    description:
      'Issued by the donatario (the emisor) to the `donante`: each line is cash (tipoDonacion 1, cantidad 1, ' +
      'unit 99), goods (2, valued at `valorUnitario` × cantidad − `depreciacion`) or a service (3). ' +
      '`otrosDocumentos` must name the donatario’s qualification (codDocAsociado 1). Payments describe the cash ' +
      'only and must add up to it. Cannot be issued in contingency (MH’s schemas allow normal transmission only).',
    errors: {},
  },
  RETORNO: {
    summary: 'Issue an Evento de Retorno (DTE 18)',
    description:
      'Returns quantities of a DTE 01 or 14 (`documentoOrigen`) that MH accepted; each item’s returns together ' +
      'never exceed its original quantity.',
    errors: {
      400: ['INVALID_ORIGIN_TYPE', 'INVALID_ORIGIN_STATUS', 'ITEM_NOT_FOUND', 'OVER_RETURN_ERROR'],
      404: ['DOCUMENT_NOT_FOUND'],
    },
  },
};

const pascal = (tipo: string) =>
  tipo
    .toLowerCase()
    .split('_')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

export const issueOperations: Operation[] = Object.entries(ENDPOINTS).map(([path, tipo]) => {
  const { summary, description, errors } = ISSUANCE[tipo];
  const requestExample = ISSUANCE_EXAMPLES[tipo];
  return {
    method: 'post',
    path,
    operationId: `issue${pascal(tipo)}`,
    tag: 'Issuance',
    summary,
    description,
    authenticated: true,
    permission: documentKind(tipo).permission,
    idempotent: true,
    request: {
      schema: documentKind(tipo).requestSchema,
      required: true,
      examples: example(requestExample.summary, requestExample.body),
    },
    responses: {
      201: {
        description: 'The document record, accepted (PROCESSED), rejected (REJECTED) or in CONTINGENCIA',
        content: json(issued, recordExamples(tipo)),
      },
      202: {
        description: 'MH’s verdict not known within ISSUANCE_WAIT_SECONDS: the codigoGeneracion and the estado so far',
        content: json(
          issuePending,
          example('Still waiting for MH', {
            status: 'success',
            message:
              'MH aún no responde: el documento sigue su curso. Repita la solicitud con la misma Idempotency-Key ' +
              'para obtener su resultado.',
            data: { codigoGeneracion: EMITIDO, estado: 'PENDIENTE' },
          }),
        ),
      },
    },
    // Any kind, in the 2026 schemas, needs the issuing establishment's distrito.
    errors: { ...errors, 409: [...(errors[409] ?? []), 'EMISOR_DISTRITO_MISSING'] },
  };
});
