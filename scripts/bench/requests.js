'use strict';
/** Request bodies the scenarios send, per DTE kind (shapes as in test/support and test/dte). */
const path = require('node:path');
const { randomUUID } = require('node:crypto');
// The example parties and the API reference's examples (built by `tsc -b`, which the bench runs first).
const { examples } = require(path.join(__dirname, '../../packages/domain/dist'));
const { ISSUANCE_EXAMPLES } = require(path.join(__dirname, '../../apps/api/dist/openapi/examples'));
const { direccion } = examples;

const hoy = () => new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10);
const correo = 'bench@example.test';

const items = (n) =>
  Array.from({ length: n }, (_, i) => ({
    descripcion: `Artículo de prueba ${i + 1}`,
    cantidad: 1 + (i % 3),
    precioUnitario: 11.3 + i,
  }));

const contribuyente = { ...examples.contribuyente, correo };

const factura = (n = 1, extra = {}) => ({
  receptor: { nombre: 'Juan Pérez', tipoDocumento: '13', numDocumento: '012345678', correo },
  items: items(n),
  condicionOperacion: 1,
  ...extra,
});

const ccf = (precioUnitario = 1000) => ({
  receptor: contribuyente,
  items: [{ descripcion: 'Servicio', cantidad: 1, precioUnitario }],
  condicionOperacion: 1,
});

const nota = (codigoGeneracion) => ({
  codigoGeneracion,
  items: [{ descripcion: 'Ajuste', cantidad: 1, precioUnitario: 0.5 }],
  condicionOperacion: 1,
});

// The documented comprobante, dated today, its electronic CCF one of its own.
const retencion = () => {
  const { body } = ISSUANCE_EXAMPLES.COMPROBANTE_RETENCION;
  return {
    ...body,
    receptor: { ...body.receptor, correo },
    cuerpoDocumento: body.cuerpoDocumento.map((linea) => ({
      ...linea,
      numDocumento: linea.tipoGeneracion === 2 ? randomUUID().toUpperCase() : linea.numDocumento,
      fechaEmision: hoy(),
    })),
  };
};

const sujetoExcluido = () => ({
  sujetoExcluido: { tipoDocumento: '13', numDocumento: '01234567-8', nombre: 'María López', direccion, correo },
  items: [{ descripcion: 'Servicio de limpieza', cantidad: 3, precioUnitario: 45.5 }],
  condicionOperacion: 1,
  applyrent: true,
});

const retorno = (documentoOrigen) => ({
  documentoOrigen,
  items: [{ numItem: 1, cantidadRetorno: 1 }],
  motivo: 'Producto defectuoso',
});

module.exports = { factura, ccf, nota, retencion, sujetoExcluido, retorno, items };
