import { DteError, money, type ErrorCode, type Money } from '@dte/domain';
import type { Connection } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';
import { serialized } from './insert-next';

type Takes = Record<string, string>;
interface Entry {
  _id: string;
  /** The codigoGeneracion of the document that took it. */
  owner: string;
  take: Takes;
}

const voidId = (owner: string) => `void:${owner}`;

/** The ledger of one limit an original shares with the documents of a kind (its tipoDte) that refer to it. */
export const ledgerDelOriginal = (tipoDte: string, codigo: string) => `${tipoDte}:${codigo}`;

/** The refusal a document's takes were given back for (see `voidLedgerTake`). */
interface Refusal {
  code: ErrorCode;
  status: number;
  message: string;
  details: Record<string, unknown>;
}
interface VoidEntry {
  _id: string;
  refusal?: Refusal;
}

/**
 * Appends a document's take to the ledger of a shared limit (e.g. what remains to credit of one CCF)
 * and answers the sums of the earlier takes, against which `take` checked and computed it.
 *
 * FerretDB has no atomic read-modify-write, so a running total cannot be kept in one document.
 * Entries are immutable documents `{_id: "<ledger>:<n>"}`: the n-th is written only by whoever read
 * entries 1…n−1, and the unique `_id` lets one writer win a race while the loser re-reads and checks
 * again. Every prefix of the ledger was therefore checked whole, under any concurrency, across processes.
 *
 * Idempotent on `owner`: a retried activity finds its entry and gets the sums it was checked against.
 * `take` throws to refuse; nothing is written then.
 */
export async function appendToLedger(
  connection: Connection,
  ledger: string,
  owner: string,
  take: (earlier: Takes) => Takes,
): Promise<Takes> {
  const entries = connection.collection<Entry>('ledgers');
  return serialized(`ledger:${ledger}`, async () => {
    const earlier = new Map<string, Money>();
    const sums = () => sumsOf(earlier);
    for (let n = 1; ;) {
      const entry = await entries.findOne({ _id: `${ledger}:${n}` });
      if (entry) {
        if (entry.owner === owner) {
          const refusal = (await connection.collection<VoidEntry>('ledgers').findOne({ _id: voidId(owner) }))?.refusal;
          if (refusal) throw new DteError(refusal.code, refusal.status, refusal.message, refusal.details);
          return sums();
        }
        await addTake(connection, earlier, entry);
        n++;
        continue;
      }
      try {
        await entries.insertOne({ _id: `${ledger}:${n}`, owner, take: take(sums()) });
        return sums();
      } catch (err) {
        // Another document took slot n first: read it (n stays) and check again.
        if (!isDuplicateKey(err)) throw err;
      }
    }
  });
}

/**
 * The sums of a ledger's takes as it stands, taking nothing: what `appendToLedger` would check a new take
 * against now. Read without its lock, so a take may land just after: an answer, not a reservation.
 */
export async function ledgerSums(connection: Connection, ledger: string): Promise<Takes> {
  const entries = connection.collection<Entry>('ledgers');
  const earlier = new Map<string, Money>();
  for (let n = 1; ; n++) {
    const entry = await entries.findOne({ _id: `${ledger}:${n}` });
    if (!entry) return sumsOf(earlier);
    await addTake(connection, earlier, entry);
  }
}

/** Adds an entry's take to the sums, unless its document's takes were given back (`voidLedgerTake`). */
async function addTake(connection: Connection, earlier: Map<string, Money>, entry: Entry): Promise<void> {
  if (await connection.collection<VoidEntry>('ledgers').findOne({ _id: voidId(entry.owner) })) return;
  for (const [k, v] of Object.entries(entry.take)) earlier.set(k, (earlier.get(k) ?? money(0)).plus(money(v)));
}

const sumsOf = (earlier: Map<string, Money>): Takes =>
  Object.fromEntries([...earlier].map(([k, v]) => [k, v.toString()]));

/**
 * Gives back a document's takes, of every ledger: later checks no longer count them. MH rejected the
 * document, or it was refused (`refusal`) after it took from some ledgers and not others; a refused
 * document that takes again gets its refusal again.
 */
export async function voidLedgerTake(connection: Connection, owner: string, refusal?: DteError): Promise<void> {
  const entry: VoidEntry = { _id: voidId(owner) };
  if (refusal)
    entry.refusal = {
      code: refusal.code,
      status: refusal.httpStatus,
      message: refusal.message,
      details: refusal.details,
    };
  try {
    await connection.collection<VoidEntry>('ledgers').insertOne(entry);
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/** The owners of a ledger's entries, in the order they took (voided ones included: their records say why). */
export async function ledgerOwners(connection: Connection, ledger: string): Promise<string[]> {
  const entries = connection.collection<Entry>('ledgers');
  const owners: string[] = [];
  for (let n = 1; ; n++) {
    const entry = await entries.findOne({ _id: `${ledger}:${n}` });
    if (!entry) return owners;
    owners.push(entry.owner);
  }
}
