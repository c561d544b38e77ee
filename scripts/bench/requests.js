'use strict';
/** Request bodies the scenarios send, per DTE kind (shapes as in test/support and test/dte). */
const { randomUUID } = require('node:crypto');

const direccion = { departamento: '06', municipio: '23', complemento: 'Colonia Escalón, calle 1 #10' };
const hoy = () => new Date(Date.now() - 6 * 3600 * 1000).toISOString().slice(0, 10);
const correo = 'bench@example.test';

const items = (n) =>
  Array.from({ length: n }, (_, i) => ({
    descripcion: `Artículo de prueba ${i + 1}`,
    cantidad: 1 + (i % 3),
    precioUnitario: 11.3 + i,
  }));

const contribuyente = {
  tipoDocumento: '36',
  numDocumento: '06140101901012',
  nit: '06140101901012',
  nrc: '9000009',
  nombre: 'SALVADOR CABAL',
  codActividad: '69100',
  descActividad: 'Actividades jurídicas',
  direccion,
  telefono: '2244-4444',
  correo,
};

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

const retencion = () => ({
  receptor: {
    tipoDocumento: '36',
    numDocumento: '06140101901012',
    nombre: 'PROVEEDOR RETENIDO, S.A.',
    correo,
    nrc: '9000009',
    codActividad: '69100',
    descActividad: 'Actividades jurídicas',
    direccion,
  },
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoDte: '03',
      tipoGeneracion: 2,
      numDocumento: randomUUID().toUpperCase(),
      fechaEmision: hoy(),
      montoSujetoGrav: 250,
      codigoRetencionMH: '22',
      ivaRetenido: 2.5,
      descripcion: 'Retención 1 % IVA',
    },
  ],
});

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
