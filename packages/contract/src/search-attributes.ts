import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes registered by the stack so operators can query stuck documents, each defined
 * once with its Temporal type: a start sets them as `typedSearchAttributes`, a workflow changes them with
 * `upsertSearchAttributes([{ key, value }])`, a reader takes them from `typedSearchAttributes.get(key)`.
 */
export const SearchAttributeKeys = {
  codigoGeneracion: defineSearchAttributeKey('DteCodigoGeneracion', SearchAttributeType.KEYWORD),
  numeroControl: defineSearchAttributeKey('DteNumeroControl', SearchAttributeType.KEYWORD),
  estado: defineSearchAttributeKey('DteEstado', SearchAttributeType.KEYWORD),
  tipo: defineSearchAttributeKey('DteTipo', SearchAttributeType.KEYWORD),
  emisor: defineSearchAttributeKey('DteEmisor', SearchAttributeType.KEYWORD),
};

type Atributo = keyof typeof SearchAttributeKeys;
const claves = Object.entries(SearchAttributeKeys) as [Atributo, (typeof SearchAttributeKeys)[Atributo]][];

/** Their names, as a visibility query writes them (`DteEstado = 'PENDIENTE'`). */
export const SearchAttribute = Object.fromEntries(claves.map(([atributo, { name }]) => [atributo, name])) as Record<
  Atributo,
  string
>;

/** The name `temporal server start-dev --search-attribute` gives each type (scripts/stack.js). */
const NOMBRE_DEL_TIPO = { [SearchAttributeType.KEYWORD]: 'Keyword' } as const;

/** Each custom search attribute with the Temporal type it is registered as. */
export const searchAttributeTypes: Record<string, 'Keyword'> = Object.fromEntries(
  claves.map(([, { name, type }]) => [name, NOMBRE_DEL_TIPO[type]]),
);

/**
 * `DteEstado` of an `IssueDteWorkflow` whose request the service refused before anything was numbered
 * (the API's 4xx): no document exists, so it must not read as one waiting for MH (PENDIENTE, which it was
 * started with) nor as one MH rejected (REJECTED).
 */
export const RECHAZADO_EN_API = 'RECHAZADO_EN_API';
