/**
 * The registry: every screen of SPEC §2 declared once. The server derives its privilege rows and
 * menu from it, the console its routes. Entity fields join each definition in the registry issue.
 */
export type ScreenKind =
  /** A list screen and a form screen. */
  | 'entity'
  /** A list screen only. */
  | 'list'
  /** One screen of its own. */
  | 'single'
  /** A spreadsheet importer. */
  | 'importer';

/** Optional modules that the `feature` screen switches on and off. */
export type FeatureKey = 'onlineOrdering' | 'membership' | 'commission' | 'vouchers';

export interface ScreenDef {
  /** DataRepository name and permission key; unique. */
  name: string;
  /** Menu route, no leading slash. */
  route: string;
  /** English menu text. */
  label: string;
  /** A Bootstrap Icons name. */
  icon: string;
  kind: ScreenKind;
  /** The resource family (`/api/{api}/{action}`) when it differs from the name. */
  api?: string;
  /** The module this screen belongs to, when it can be switched off. */
  feature?: FeatureKey;
  /** Export procedure offered by the data exporter for this screen. */
  exportProcedure?: string;
  /** Shown in the menu; false for screens reached from elsewhere (the shared list-value screen). */
  inMenu?: boolean;
}

export interface MenuGroupDef {
  key: string;
  label: string;
  icon: string;
  screens: ScreenDef[];
}

type Options = Partial<Omit<ScreenDef, 'name' | 'label' | 'icon' | 'kind'>>;

const define =
  (kind: ScreenKind) =>
  (name: string, label: string, icon: string, options: Options = {}): ScreenDef => ({
    name,
    route: name,
    label,
    icon,
    kind,
    ...options,
  });

export const entity = define('entity');
export const list = define('list');
export const single = define('single');
export const importer = (kind: string, label: string): ScreenDef => ({
  name: `importer/${kind}`,
  route: `importer/${kind}`,
  label,
  icon: 'file-earmark-arrow-up',
  kind: 'importer',
});
