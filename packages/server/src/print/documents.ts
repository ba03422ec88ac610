import type { FastifyRequest } from 'fastify';
import type { PrivilegeAction } from '../http/auth-guard';

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
