import { createHash, randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { isDuplicateKey } from './db/duplicate-key';
import { lastNumber, takeNext } from './db/insert-next';

/**
 * The share links of documents (issue 53): a public page for the receptor of one document, reached by an
 * unguessable token. As the console's invitation links (`Usuarios.crearEnlace`), the token is 32 random
 * bytes shown once and only its SHA-256 is stored, as `_id`: the one lookup FerretDB answers from an index.
 *
 * - a link is `enlaces_documentos` `{_id: <hash>, emisorId, codigoGeneracion, creado, expira, creadoPor}`;
 * - revoking is per document, not per link: finding a document's links would scan the collection (FerretDB
 *   pushes down only `_id` equality), so `enlaces_revocados` `{_id: "<emisorId>:<codigoGeneracion>", hasta}`
 *   holds the instant of the last revocation and every link made up to then no longer opens;
 * - each opening of the page takes the next number of the link's `takeNext` series and of its document's, an
 *   insert: the counts are exact under concurrent views, where a `$inc` on FerretDB loses some.
 */
interface EnlaceRecord {
  _id: string;
  emisorId: number;
  codigoGeneracion: string;
  creado: Date;
  expira: Date;
  /** Who made it: `usuario:<id>`, `token:<id>`, or `correo` for the one the document's e-mail carries. */
  creadoPor: string;
}

interface RevocacionRecord {
  _id: string;
  hasta: Date;
}

/** What an open link leads to: its document, and nothing else of the emisor. */
export interface EnlaceVigente {
  hash: string;
  emisorId: number;
  codigoGeneracion: string;
  expira: Date;
}

/** How long a link works when its emisor set nothing (admin CLI `emisor enlace-vigencia`). */
export const VIGENCIA_ENLACE_DOCUMENTO_DIAS = 90;

export const hashEnlaceDocumento = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const claveDocumento = (emisorId: number, codigoGeneracion: string) => `${emisorId}:${codigoGeneracion}`;
const serieAccesos = (hash: string) => `enlace-accesos:${hash}`;
const serieAccesosDocumento = (emisorId: number, codigoGeneracion: string) =>
  `enlace-accesos:${claveDocumento(emisorId, codigoGeneracion)}`;

export class EnlacesDocumentos {
  constructor(private readonly connection: Connection) {}

  private get enlaces() {
    return this.connection.collection<EnlaceRecord>('enlaces_documentos');
  }

  private get revocados() {
    return this.connection.collection<RevocacionRecord>('enlaces_revocados');
  }

  /**
   * A new link to the document, valid `dias` days from `ahora` (the emisor's setting; null: the default):
   * its token, which is not kept.
   */
  async crear(
    emisorId: number,
    codigoGeneracion: string,
    dias: number | null,
    creadoPor: string,
    ahora = new Date(),
  ): Promise<{ token: string; expira: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expira = new Date(ahora.getTime() + (dias ?? VIGENCIA_ENLACE_DOCUMENTO_DIAS) * 24 * 3600_000);
    await this.enlaces.insertOne({
      _id: hashEnlaceDocumento(token),
      emisorId,
      codigoGeneracion,
      creado: ahora,
      expira,
      creadoPor,
    });
    return { token, expira };
  }

  /**
   * The link of a token, if it is known, unexpired and not revoked; null otherwise, one answer for all three
   * so the page cannot tell them apart. Both reads are made for any token, known or not.
   */
  async abrir(token: string, ahora = new Date()): Promise<EnlaceVigente | null> {
    const hash = hashEnlaceDocumento(token);
    const enlace = await this.enlaces.findOne({ _id: hash });
    const revocado = await this.revocados.findOne({
      _id: enlace ? claveDocumento(enlace.emisorId, enlace.codigoGeneracion) : hash,
    });
    if (!enlace || enlace.expira.getTime() <= ahora.getTime()) return null;
    // A link made in the same millisecond as the revocation counts as revoked: it was not seen to be later.
    if (revocado && enlace.creado.getTime() <= revocado.hasta.getTime()) return null;
    return { hash, emisorId: enlace.emisorId, codigoGeneracion: enlace.codigoGeneracion, expira: enlace.expira };
  }

  /** Counts one opening of the link's page, for the link and for its document (all its links). */
  async contarAcceso(enlace: EnlaceVigente): Promise<void> {
    await Promise.all([
      takeNext(this.connection, serieAccesos(enlace.hash)),
      takeNext(this.connection, serieAccesosDocumento(enlace.emisorId, enlace.codigoGeneracion)),
    ]);
  }

  /** How many times the link's page was opened. */
  accesos(token: string): Promise<number> {
    return lastNumber(this.connection, serieAccesos(hashEnlaceDocumento(token)));
  }

  /** How many times the pages of all the document's links were opened: what the console shows. */
  accesosDelDocumento(emisorId: number, codigoGeneracion: string): Promise<number> {
    return lastNumber(this.connection, serieAccesosDocumento(emisorId, codigoGeneracion));
  }

  /**
   * Revokes every link of the document made until `ahora`. Two revocations at once both write about now,
   * and whichever update FerretDB keeps revokes the same links. The upsert that loses the race to create the
   * record gets E11000 and, the record existing by then, is applied again.
   */
  async revocar(emisorId: number, codigoGeneracion: string, ahora = new Date()): Promise<void> {
    const revocar = () =>
      this.revocados.updateOne(
        { _id: claveDocumento(emisorId, codigoGeneracion) },
        { $max: { hasta: ahora } },
        { upsert: true },
      );
    try {
      await revocar();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await revocar();
    }
  }
}
