import type { FastifyRequest } from 'fastify';
import { entities, type NormalisedEntity } from '@backroom/schema';
import type { AuthContext } from '../http/auth-guard';
import type { AppContext } from '../context';
import { customField } from '../domain/customfield/custom-field';
import { futurePrice } from '../domain/futureproductprice/future-price';
import { productBarcodes } from '../domain/product/barcodes';
import { priceHistory } from '../domain/product/price-history';
import { recipeComponents } from '../domain/product/recipe-components';
import { supplierMapping } from '../domain/product/supplier-mapping';
import { productVariants } from '../domain/product/variants';
import { userAccount } from '../domain/user/user-account';
import type { AnyDb, Row } from './store';

export type WriteAction = 'insert' | 'update' | 'delete';

export interface HookContext {
  ctx: AppContext;
  /** The write's transaction: whatever a hook writes commits or rolls back with the row. */
  trx: AnyDb;
  auth: AuthContext;
  entity: NormalisedEntity;
  now: string;
  /** The request the write serves (a stand-in for jobs): its caller's row limits apply. */
  request: FastifyRequest;
}

export interface BeforeWrite extends HookContext {
  action: WriteAction;
  /** null on insert. */
  id: number | null;
  /** The validated row as the caller sent it (API form); for a delete, the stored row. */
  row: Row;
  /**
   * The row exactly as the caller sent it, before validation kept only registry fields: for the
   * few inputs that must never be stored as such (a new user's password). Empty on a delete.
   */
  input: Record<string, unknown>;
}

export interface AfterWrite extends HookContext {
  action: WriteAction;
  id: number;
  /** API rows without labels; null before an insert and after a delete. */
  before: Row | null;
  after: Row | null;
}

export interface ActionCall extends HookContext {
  ids: number[];
  body: Record<string, unknown>;
}

/**
 * A domain service the generic write path runs, named in the registry's `hooks` of an entity.
 * `beforeWrite` may return extra SQL columns for the row (columns the registry does not expose).
 */
export interface EntityHook {
  beforeWrite?(event: BeforeWrite): Promise<Record<string, unknown> | void>;
  afterWrite?(event: AfterWrite): Promise<void>;
  /** Row actions of `Execute/{name}` other than delete (lock, apply, cancel…). */
  actions?: Record<string, (call: ActionCall) => Promise<unknown>>;
}

/**
 * Implemented hooks by registry name. Names the registry uses that are missing here (see
 * `missingHooks`) are skipped: the entity gets the generic behaviour only.
 */
export const hooks: Record<string, EntityHook> = {
  priceHistory,
  userAccount,
  productBarcodes,
  recipeComponents,
  supplierMapping,
  productVariants,
  futurePrice,
  customField,
};

export const hooksOf = (entity: NormalisedEntity): EntityHook[] => entity.hooks.map((name) => hooks[name]).filter((h): h is EntityHook => h !== undefined);

/** Hook names of the registry without an implementation, as `entity:hook`. */
export const missingHooks = (): string[] => entities.flatMap((e) => e.hooks.filter((name) => !hooks[name]).map((name) => `${e.name}:${name}`));
