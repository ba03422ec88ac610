import type { NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import { canSee } from '../data/access';
import { asCallerReads } from '../data/field-groups';
import { apiRow } from '../data/read';
import { anyDb } from '../data/store';
import type { PrivilegeAction } from '../http/auth-guard';
import { ApiError } from '../http/envelope';

/** A rendered print: the PDF and the name a browser saves it under. */
export interface PrintedDocument {
  pdf: Buffer;
  fileName: string;
}

/**
 * A printable document, declared by the domain module that owns its data (modules/module.ts):
 * `POST {base}/print/request.aspx {document: name, …}` checks `privilege`, then `render`s the body.
 */
export interface PrintDocument {
  /** What the caller must hold, checked before anything is read. */
  privilege: { screen: string; action: PrivilegeAction };
  /** Reads the body (400 naming a bad field), the rows it prints (404 when missing) and draws the PDF. */
  render(request: FastifyRequest, body: Record<string, unknown>): Promise<PrintedDocument>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every printable document by name, declared by the app's modules (modules/compose.ts). */
    printDocuments: Readonly<Record<string, PrintDocument>>;
  }
}

/**
 * The row a document prints, as a Get would answer it: through the caller's row filter (another
 * outlet's row is a missing one, 404) and without the fields of groups the role may not view.
 */
export async function printedRow<T>(request: FastifyRequest, entity: NormalisedEntity, id: number): Promise<T> {
  const { ctx } = request.server;
  const db = anyDb(ctx);
  const row = (await canSee(request, db, entity, id)) ? await apiRow(ctx, db, entity, id) : undefined;
  if (!row) throw new ApiError(404, `${entity.label}: no row ${id}`);
  return (await asCallerReads(request, entity, row)) as unknown as T;
}
