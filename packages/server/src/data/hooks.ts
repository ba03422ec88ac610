import type { FieldGroup, NormalisedEntity } from '@backroom/schema';
import type { FastifyRequest } from 'fastify';
import type { RawBuilder, SqlBool } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../http/auth-guard';
import type { AppContext } from '../context';
import type { AnyDb, Row } from './store';

export type WriteAction = 'insert' | 'update' | 'delete';
export type Verb = 'fetch' | 'insert' | 'update' | 'delete';

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
  /**
   * The field groups the caller may not view (`hidden`) or change (`locked`), read before the
   * action's transaction: an action that writes or answers rows of another entity applies them.
   */
  fieldGroups: { hidden: ReadonlySet<FieldGroup>; locked: ReadonlySet<FieldGroup> };
}

/** A row action and what it answers (the envelope's `data`, as the OpenAPI document describes it). */
export interface RowAction<A extends z.ZodType = z.ZodType> {
  answer: A;
  run(call: ActionCall): Promise<z.output<A>>;
}

/** The answer of an action run on one id or several: the one's answer, else an array of each's. */
export const oneOrMany = <S extends z.ZodType>(one: S) => z.union([one, z.array(one)]);

/** A row action whose answer is declared beside it: `run` must answer what `answer` says. */
export const rowAction = <A extends z.ZodType>(answer: A, run: (call: ActionCall) => Promise<z.output<A>>): RowAction =>
  ({ answer, run }) as RowAction;

export type FilterCondition = { ColumnName: string; ColumnValue?: unknown; Operator: string };

/**
 * Behaviour of one entity that the generic data service runs around its verbs. A domain module
 * declares hooks per entity (modules/module.ts); the app hands them to the data service at start.
 */
export interface EntityHook {
  /** May return extra SQL columns for the row (columns the registry does not expose). */
  beforeWrite?(event: BeforeWrite): Promise<Record<string, unknown> | void>;
  afterWrite?(event: AfterWrite): Promise<void>;
  /**
   * The batch form of `beforeWrite` for a write of many rows at once (`writeRows`: an import, the
   * bulk verbs): answers each row's extra columns, in order. Without it, `beforeWrite` runs per row.
   */
  beforeWriteMany?(events: readonly BeforeWrite[]): Promise<readonly (Record<string, unknown> | void)[] | void>;
  // A batch form refuses one of its rows with `throw new RowRefused(index, error)`: the error's fields are the row's own.
  /** The batch form of `afterWrite`; without it, `afterWrite` runs per row. */
  afterWriteMany?(events: readonly AfterWrite[]): Promise<void>;
  /** Row actions of `Execute/{name}` and `/{family}/{action}` other than delete (lock, apply, cancel…). */
  actions?: Record<string, RowAction>;
  /** Verbs the generic API refuses for the entity, with the reason the caller reads. */
  refuse?: Partial<Record<Verb, string>>;
  /** Replaces the view-privilege check of a fetch (the audit log's own read rule). */
  authorizeFetch?(request: FastifyRequest, filters: readonly FilterCondition[]): Promise<void>;
  /** A condition on the entity's table (alias `t`) every read of the caller adds: rows they may not see stay hidden. */
  rowFilter?(request: FastifyRequest): Promise<RawBuilder<SqlBool> | undefined>;
  /** Rewrites the API rows a fetch or get answers the caller (the audit log hides values of fields they may not view). */
  presentRows?(request: FastifyRequest, rows: Row[]): Promise<Row[]>;
  /** Body values of a write that are no field of the registry, which `beforeWrite` reads from `input` (a new user's password). */
  inputs?: readonly string[];
}

/** A batch hook's refusal of its row `index` (fields as for that row alone); the batch names the row as it names its own errors. */
export class RowRefused extends Error {
  constructor(
    readonly index: number,
    readonly error: Error,
  ) {
    super(error.message);
  }
}

/** The hooks of every entity, as composed from the app's modules; case-insensitive action lookup. */
export class EntityHooks {
  private readonly byEntity = new Map<string, readonly EntityHook[]>();

  constructor(entries: Iterable<readonly [string, EntityHook]>) {
    for (const [name, hook] of entries) this.byEntity.set(name, [...(this.byEntity.get(name) ?? []), hook]);
  }

  of(entity: NormalisedEntity): readonly EntityHook[] {
    return this.byEntity.get(entity.name) ?? [];
  }

  /** The action of that name (any case), with its name as declared. */
  action(entity: NormalisedEntity, name: string): (RowAction & { name: string }) | undefined {
    const wanted = name.toLowerCase();
    for (const hook of this.of(entity))
      for (const [action, declared] of Object.entries(hook.actions ?? {}))
        if (action.toLowerCase() === wanted) return { ...declared, name: action };
    return undefined;
  }

  /** The names a write's body may carry for the hooks beside the entity's fields. */
  inputs(entity: NormalisedEntity): string[] {
    return this.of(entity).flatMap((hook) => hook.inputs ?? []);
  }

  /** Entity names the hooks were declared for. */
  entities(): string[] {
    return [...this.byEntity.keys()];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set once when the app is composed (app.ts). */
    entityHooks: EntityHooks;
  }
}

/** The hooks of an entity for the app serving the request. */
export const hooksOf = (request: FastifyRequest, entity: NormalisedEntity): readonly EntityHook[] =>
  request.server.entityHooks.of(entity);
