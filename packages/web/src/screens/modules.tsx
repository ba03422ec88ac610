import { createContext, lazy, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { OwnInputsContext } from '../fields/ownInputs';
import { lazyPage } from '../ui/lazy';
import type {
  AddInputs,
  BulkActionProps,
  DraftActionProps,
  EntityFormProps,
  EntityListProps,
  FormActionProps,
  Load,
  OwnInputProps,
  PhoneRowFields,
  SingleScreenProps,
  WebModule,
} from './webModule';

type Lazy<P> = LazyExoticComponent<ComponentType<P>>;

/** Every module's parts merged, each component made lazy once: what the generic screens look up by name. */
export interface Modules {
  forms: Record<string, Lazy<EntityFormProps>>;
  lists: Record<string, Lazy<EntityListProps>>;
  tabs: Record<string, readonly { name: string; component: Lazy<FormActionProps> }[]>;
  listActions: Record<string, readonly Lazy<BulkActionProps>[]>;
  formActions: Record<string, readonly Lazy<FormActionProps>[]>;
  draftActions: Record<string, readonly Lazy<DraftActionProps>[]>;
  addInputs: Record<string, { checks: AddInputs['checks']; component: Lazy<object> }>;
  ownInputs: Record<string, Lazy<OwnInputProps>>;
  singles: Record<string, Lazy<SingleScreenProps>>;
  phoneRows: Record<string, PhoneRowFields>;
}

/** Merges modules' parts of one kind: a name given twice where one part replaces the generic one is an error. */
function merge<T, R>(
  modules: readonly WebModule[],
  part: (module: WebModule) => Record<string, T> | undefined,
  make: (value: T) => R,
  stack?: (a: R, b: R) => R,
): Record<string, R> {
  const out: Record<string, R> = {};
  const from: Record<string, string> = {};
  for (const module of modules)
    for (const [key, value] of Object.entries(part(module) ?? {})) {
      const made = make(value);
      if (out[key] === undefined) out[key] = made;
      else if (stack) out[key] = stack(out[key], made);
      else throw new Error(`Modules ${from[key]} and ${module.name} both give "${key}"`);
      from[key] = module.name;
    }
  return out;
}

const all = <P,>(loads: readonly Load<P>[]) => loads.map((load) => lazy(load));
const concat = <T,>(a: readonly T[], b: readonly T[]) => [...a, ...b];

/** The modules' parts merged: forms, lists, add inputs, own inputs and single screens are one per name; tabs and actions add up in module order. */
export function composeModules(modules: readonly WebModule[]): Modules {
  return {
    forms: merge(
      modules,
      (m) => m.forms,
      (load) => lazy(load),
    ),
    lists: merge(
      modules,
      (m) => m.lists,
      (load) => lazy(load),
    ),
    tabs: merge(
      modules,
      (m) => m.tabs,
      (tabs) => tabs.map(({ name, load }) => ({ name, component: lazy(load) })),
      concat,
    ),
    listActions: merge(modules, (m) => m.listActions, all, concat),
    formActions: merge(modules, (m) => m.formActions, all, concat),
    draftActions: merge(modules, (m) => m.draftActions, all, concat),
    addInputs: merge(
      modules,
      (m) => m.addInputs,
      ({ checks, load }) => ({ checks, component: lazy(load) }),
    ),
    ownInputs: merge(
      modules,
      (m) => m.ownInputs,
      (load) => lazy(load),
    ),
    singles: merge(
      modules,
      (m) => m.singles,
      (load) => lazyPage(load),
    ),
    phoneRows: merge(
      modules,
      (m) => m.phoneRows,
      (fields) => fields,
    ),
  };
}

const ModulesContext = createContext<Modules>(composeModules([]));

/** Hands the app's modules to every generic screen below it. */
export function ModulesProvider({ modules, children }: { modules: Modules; children: ReactNode }) {
  return (
    <ModulesContext.Provider value={modules}>
      <OwnInputsContext.Provider value={modules.ownInputs}>{children}</OwnInputsContext.Provider>
    </ModulesContext.Provider>
  );
}

/** The features' parts, by entity or screen name; without a provider, none (every screen generic). */
export const useModules = () => useContext(ModulesContext);
