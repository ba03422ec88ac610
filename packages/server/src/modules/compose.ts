import { findEntity } from '@backroom/schema';
import type { FastifyInstance } from 'fastify';
import { EntityHooks, type EntityHook } from '../data/hooks';
import type { JobKind } from '../jobs/kinds';
import type { PrintDocument } from '../print/documents';
import { ProcedureRegistry } from '../procedures/registry';
import type { Addresses, DomainModule } from './module';

/**
 * Hands the modules to the generic layers: entity hooks to the data service, job kinds to the
 * worker, procedures to the procedure routes, documents to the print page. (Event handlers are
 * installed before the database is prepared, whose seed emits: `installEventHandlers`.) Throws on a module that
 * names an unknown entity or declares a job kind, procedure or document another module has.
 */
export function composeModules(app: FastifyInstance, modules: readonly DomainModule[]): void {
  const hooks: [string, EntityHook][] = [];
  const jobKinds: Record<string, JobKind> = {};
  const documents: Record<string, PrintDocument> = {};
  const procedures = new ProcedureRegistry();
  for (const module of modules) {
    for (const [entity, declared] of Object.entries(module.entities ?? {})) {
      if (!findEntity(entity)) throw new Error(`Module ${module.name}: no registry entity "${entity}"`);
      for (const hook of Array.isArray(declared) ? declared : [declared as EntityHook]) hooks.push([entity, hook]);
    }
    for (const [name, kind] of Object.entries(module.jobs ?? {})) {
      if (jobKinds[name]) throw new Error(`Module ${module.name}: job kind ${name} is declared twice`);
      jobKinds[name] = kind;
    }
    for (const [name, document] of Object.entries(module.documents ?? {})) {
      if (documents[name]) throw new Error(`Module ${module.name}: document ${name} is declared twice`);
      documents[name] = document;
    }
    procedures.add(...(module.procedures ?? []));
  }
  app.decorate('entityHooks', new EntityHooks(hooks));
  app.decorate('jobKinds', jobKinds);
  app.decorate('procedures', procedures);
  app.decorate('printDocuments', documents);
}

/** Registers each module's own routes, in the order given. */
export async function registerModuleRoutes(
  app: FastifyInstance,
  modules: readonly DomainModule[],
  at: Addresses,
): Promise<void> {
  for (const module of modules) await module.routes?.(app, at);
}
