import { mhResponseCodes } from './catalogs';

/**
 * A rejection of MH in words a person who does not write code acts on: what MH's code means and what to do
 * about it. **A choice of the service**: MH's catalog (Manual Técnico v1.0 p. 25,
 * catalogs/MH-codigos-respuesta-recepcion.json) gives only each code's terse text, and MH publishes no
 * count of its rejections, so the ten codes explained are those MH's rules answer most often, counted over
 * the rules the simulator enforces with MH's code (apps/mh-simulator/src: 007, 005, 027, 004, 024, 020, 008,
 * 006, 014, 003); any other code is read from MH's catalog and its observaciones.
 */
export interface ExplicacionRechazo {
  /** What MH refused, in plain Spanish. */
  significa: string;
  /** What the person does next. */
  solucion: string;
}

export const EXPLICACIONES_RECHAZO: Readonly<Record<string, ExplicacionRechazo>> = {
  '007': {
    significa:
      'Un dato tiene un valor que MH no permite en este tipo de documento (por ejemplo, un tributo o una condición que no aplica).',
    solucion:
      'Revise el campo que MH señala en sus observaciones, elija un valor permitido para este tipo de documento y emítalo de nuevo.',
  },
  '005': {
    significa: 'Falta un dato que MH exige para este documento.',
    solucion: 'Complete el campo que MH señala (por ejemplo, la dirección o la actividad del cliente) y emítalo de nuevo.',
  },
  '027': {
    significa:
      'Un dato no coincide con el documento que MH tiene registrado (el documento relacionado, su tipo, su fecha o su número).',
    solucion:
      'Copie el dato del documento original tal como MH lo selló (búsquelo en Documentos) y emita de nuevo la nota o el evento.',
  },
  '004': {
    significa: 'MH ya tiene un documento con ese código de generación: este es un duplicado.',
    solucion:
      'No lo emita otra vez: busque el documento original en Documentos. Si no aparece sellado, consulte su estado en MH antes de repetir.',
  },
  '024': {
    significa: 'Se envió un dato que no aplica a este documento o a esta operación.',
    solucion: 'Quite el dato que MH señala (déjelo vacío) y emita el documento de nuevo.',
  },
  '020': {
    significa: 'Los montos no cuadran: MH recalculó un total, el IVA o una línea y obtuvo otra cifra.',
    solucion:
      'Revise precios, cantidades y descuentos de las líneas; emítalo de nuevo desde el formulario, que calcula los totales. Si persiste, avise a soporte.',
  },
  '008': {
    significa: 'El NIT o el NRC no corresponde al contribuyente registrado en MH.',
    solucion:
      'Verifique el NIT y el NRC del cliente (o del emisor) con su tarjeta de IVA o con la consulta de MH, corríjalos en Clientes y emita de nuevo.',
  },
  '006': {
    significa: 'Un dato no tiene el formato que MH espera (por ejemplo, guiones de más, letras en un número o una fecha mal escrita).',
    solucion: 'Escriba el dato que MH señala con el formato correcto y emita el documento de nuevo.',
  },
  '014': {
    significa: 'MH no encuentra el documento al que este hace referencia.',
    solucion:
      'Compruebe que el documento relacionado sea de este emisor y que MH lo haya sellado (búsquelo en Documentos); luego emita de nuevo.',
  },
  '003': {
    significa: 'Un dato tiene un valor que MH no acepta.',
    solucion:
      'Lea la observación de MH para saber qué campo es, corríjalo (en Clientes, Productos o en el formulario) y emita el documento de nuevo.',
  },
};

const TEXTO_DEL_CATALOGO = new Map(mhResponseCodes.codigoMsg.map((c) => [c.codigo, c.valor]));

/** What the person does when MH's code is none of the ten. */
const SOLUCION_GENERAL =
  'Abra el documento, lea las observaciones de MH y corrija lo que señalan antes de emitirlo de nuevo.';

/**
 * A rejection as every console page says it: one of the ten codes above as explained there; any other in
 * MH's words from its catalog (Manual Técnico p. 25), the field MH named in place of `[campo]`
 * (`[campo] VALOR NO VALIDO` for `receptor.nit` reads "MH: receptor.nit: valor no valido"), with the general
 * advice.
 */
export function explicacionDeRechazo(codigoMsg: string, campo: string | null = null): ExplicacionRechazo {
  const explicada = EXPLICACIONES_RECHAZO[codigoMsg];
  if (explicada) return explicada;
  const valor = TEXTO_DEL_CATALOGO.get(codigoMsg);
  return {
    significa: valor
      ? `MH: ${campo ?? 'el documento'}: ${valor.replace(/^\[campo\]\s*/, '').toLowerCase()}`
      : `MH respondió el código ${codigoMsg}, que su catálogo no describe.`,
    solucion: SOLUCION_GENERAL,
  };
}
