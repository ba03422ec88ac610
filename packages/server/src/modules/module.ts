import type { FastifyInstance } from 'fastify';
import type { GenerationName } from '../db/generations';
import type { ModuleSeed } from '../db/seed/index';
import type { EntityHook } from '../data/hooks';
import type { JobKind } from '../jobs/kinds';
import type { EventHandlers } from './events';
import type { PrintDocument } from '../print/documents';
import type { Procedure } from '../procedures/registry';

/** Where the app answers; every address a module registers starts with one of these. */
export interface Addresses {
  /** `{base}/core/api` */
  api: string;
  /** `{base}/core` */
  core: string;
  /** `{base}/WebAPI`, the legacy base the older console calls. */
  legacy: string;
  /** `{base}`, the web root's path ('' at the origin root). */
  base: string;
}

/**
 * A feature module (`modules/<name>/`, exported by its `index.ts`): the behaviour of a few registry
 * entities that the generic layers do not have. Plain data, listed once (`module-list.ts`) and
 * composed by the app; the generic layers never import a module (docs/architecture/server-modules.md).
 */
export interface DomainModule {
  name: string;
  /** Hooks by registry entity name: run around that entity's generic verbs; their actions are its row actions. */
  entities?: Readonly<Record<string, EntityHook | readonly EntityHook[]>>;
  /** Background job kinds by name, run by the job worker. */
  jobs?: Readonly<Record<string, JobKind>>;
  /** Documents of the print request page (`{base}/print/request.aspx {document: name}`), by name. */
  documents?: Readonly<Record<string, PrintDocument>>;
  /** Named server functions (`DataRepository/procedure/{name}`). */
  procedures?: readonly Procedure[];
  /**
   * What it does when another module emits an event (events.ts): run in the emitter's transaction.
   * The way one module's write causes another's (stock moved → webhooks) without importing it.
   */
  on?: EventHandlers;
  /**
   * The tables each of its process caches reads, by the generation that cache is kept for: the
   * database must raise that generation on any write to them (a test compares them with its triggers).
   */
  caches?: { readonly [G in GenerationName]?: readonly string[] };
  /** Its rows of a fresh demo database (db/seed calls it through the module list). */
  seed?: ModuleSeed;
  /** HTTP calls of its own beyond the generic API. */
  routes?(app: FastifyInstance, at: Addresses): void | Promise<void>;
}
