import type { ComponentType } from 'react';
import type { EntityName, NormalisedEntity } from '@backroom/schema';
import type { OwnInputProps } from '../fields/ownInputs';
import type { ClientMenuItem } from '../store/menuSlice';

/**
 * The one contract between the generic screens and a feature (docs/architecture/web-modules.md).
 * A feature folder exports one `WebModule` from its `index.ts`; `app/modules.ts` lists them; the
 * generic screens read them through `useModules()` and never import a feature.
 */

/** A component of a module, loaded as its own chunk the first time it shows: `() => import('./X')`. */
export type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/** A registry entity's name (`product`): the registry's union, so a key it does not know fails to compile. */
export type { EntityName };
/** A registry screen's name (`lowstock`, `importer/product`). */
export type ScreenName = string;

export interface WebModule {
  /** The feature's name (its folder), named in the messages of a clash between modules. */
  name: string;
  /** An entity's own add and edit screen, in place of the generic form. */
  forms?: Partial<Record<EntityName, Load<EntityFormProps>>>;
  /** An entity's own list screen, in place of the generic list. */
  lists?: Partial<Record<EntityName, Load<EntityListProps>>>;
  /** Tabs of an entity's edit form between Details and History. */
  tabs?: Partial<Record<EntityName, readonly FormTab[]>>;
  /** Actions on the chosen rows of an entity's list beyond delete; a list with one lets its rows be chosen. */
  listActions?: Partial<Record<EntityName, readonly Load<BulkActionProps>[]>>;
  /** Buttons of an entity's edit form beyond the generic ones. */
  formActions?: Partial<Record<EntityName, readonly Load<FormActionProps>[]>>;
  /** Buttons of an entity's add and edit form that act on what the form holds, saved or not. */
  draftActions?: Partial<Record<EntityName, readonly Load<DraftActionProps>[]>>;
  /** Values a new row of an entity is sent with that are no field of the registry. */
  addInputs?: Partial<Record<EntityName, AddInputs>>;
  /** Inputs replacing a field's generic input, by `entity.field` (`entity.child.field` inside a child table). */
  ownInputs?: Record<`${EntityName}.${string}`, Load<OwnInputProps>>;
  /** Which fields an entity's list shows in its one line per row on a phone (else chosen from its list columns). */
  phoneRows?: Partial<Record<EntityName, PhoneRowFields>>;
  /** The whole page of a registry screen that has one page (single screens, importers, a list kind's own screen), by screen name. */
  singles?: Record<ScreenName, Load<SingleScreenProps>>;
}

/** The fields of a row of a list on a phone, by name: what a feature chooses for its entity. */
export interface PhoneRowFields {
  /** What names the row, in bold: its name (a long one wraps, never cut). */
  title: readonly string[];
  /** Its code, muted beside the title. */
  code?: readonly string[];
  /** Figures at the row's end (a price, a quantity). */
  end?: readonly string[];
  /** A small second line (where, when, what kind); none for a row of one line. */
  detail?: readonly string[];
}

export interface FormTab {
  /** Tab id, and its label's key under `form.tabs`. */
  name: string;
  load: Load<FormActionProps>;
}

export interface AddInputs {
  /** Each value's name and its check: the message of its problem, nothing when it is fine (the server checks again). */
  checks: Record<string, (value: unknown) => string | undefined | Promise<string | undefined>>;
  load: Load<object>;
}

/** What an entity's own form screen gets in place of the generic form. */
export interface EntityFormProps {
  entity: NormalisedEntity;
  item: ClientMenuItem;
  mode: 'add' | 'edit';
  title: string;
}

/** What an entity's own list screen gets in place of the generic list. */
export interface EntityListProps {
  item: ClientMenuItem;
  title: string;
}

/** What a form action or a form tab gets. */
export interface FormActionProps {
  /** The saved row the form edits. */
  row: Record<string, unknown>;
  item: ClientMenuItem;
}

/** What a draft action gets: the form's values as they stand, unsaved changes included. */
export interface DraftActionProps {
  /** The saved row the form edits; none on the add form. */
  row: Record<string, unknown> | undefined;
  /** The form's values now, as the API takes them (not yet checked: the server checks them). */
  values(): Record<string, unknown>;
  item: ClientMenuItem;
}

/** What an action on a list's chosen rows gets. */
export interface BulkActionProps {
  ids: readonly number[];
  item: ClientMenuItem;
}

export type { OwnInputProps };

/** What the menu routes hand a single screen. */
export interface SingleScreenProps {
  item: ClientMenuItem;
}
