import type { AnyDb } from '../data/store';

/**
 * What one module tells the others happened, by event name. Empty here: the module that emits an
 * event declares it, with its payload, by augmenting this interface in its own folder
 * (`declare module '../events' { interface ModuleEvents { 'stock.moved': StockMoved } }`).
 */
export interface ModuleEvents {}

export type EventName = keyof ModuleEvents;

/** Where the event happened: the emitter's transaction and time. Handlers write in that transaction. */
export interface EventScope {
  trx: AnyDb;
  now: string;
}

/**
 * A module's answer to an event, run inside the emitter's transaction: what it writes commits or
 * rolls back with the emitter's write, and an error it throws fails that write.
 * `prepare` (optional) reads what the handler needs before the emitter takes its row locks
 * (`announce`); its answer is handed to `handle`.
 */
export interface EventHandler<K extends EventName, Prepared = undefined> {
  prepare?(scope: EventScope): Promise<Prepared>;
  handle(scope: EventScope, event: ModuleEvents[K], prepared: Prepared): Promise<void>;
}

/** The handlers a module declares, by event name (`DomainModule.on`). */
export type EventHandlers = {
  // Each handler prepares its own kind of value (`handle` is a method, so one that takes a string is one that takes unknown).
  readonly [K in EventName]?: EventHandler<K, unknown>;
};

type Handlers = ReadonlyMap<string, readonly EventHandler<EventName, unknown>[]>;

let installed: Handlers | null = null;

/**
 * The handlers of every module, by event, in the modules' order. One set per process: the module
 * list is a constant (`module-list.ts`), so installing it again (a second app in the same process)
 * changes nothing.
 */
export function installEventHandlers(modules: readonly { name: string; on?: EventHandlers }[]): void {
  const byName = new Map<string, EventHandler<EventName, unknown>[]>();
  for (const module of modules)
    for (const [name, handler] of Object.entries(module.on ?? {}) as [string, EventHandler<EventName, unknown>][]) {
      byName.set(name, [...(byName.get(name) ?? []), handler]);
    }
  installed = byName;
}

function handlersOf(name: string): readonly EventHandler<EventName, unknown>[] {
  // Emitting before the handlers are installed would drop effects without a trace: refuse instead.
  if (!installed) throw new Error(`Event ${name} emitted before the modules' handlers were installed`);
  return installed.get(name) ?? [];
}

/**
 * The first half of an emit, for an emitter that takes row locks between reading and writing:
 * each handler's `prepare` runs now, before the locks; the answer emits the event with it.
 */
export async function announce<K extends EventName>(
  scope: EventScope,
  name: K,
): Promise<(event: ModuleEvents[K]) => Promise<void>> {
  const handlers = handlersOf(name);
  const prepared: unknown[] = [];
  for (const handler of handlers) prepared.push(await handler.prepare?.(scope));
  return async (event) => {
    for (const [i, handler] of handlers.entries()) await handler.handle(scope, event, prepared[i]);
  };
}

/** Runs every handler of the event, one after another in the modules' order, in the emitter's transaction. */
export async function emit<K extends EventName>(scope: EventScope, name: K, event: ModuleEvents[K]): Promise<void> {
  await (
    await announce(scope, name)
  )(event);
}
