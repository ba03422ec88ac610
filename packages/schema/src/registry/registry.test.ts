import { describe, expect, it } from 'vitest';
import {
  entities,
  entityDefs,
  field as f,
  findEntity,
  findScreen,
  getField,
  isListValuePath,
  menuGroups,
  normalise,
  normaliseRegistry,
  screens,
  type EntityDef,
} from '../index';
import { entity, model } from './types';

/** The screens the product has by name (a list plus a form), plus its list-only screens. */
const NAMED_SCREENS =
  'category department attribute bundle collection product orderingmenu promotion warehouseproductmapping stocktemplate currency discount exchangerate hotkey paymentmode onlinesalesorder onlinesaleschannel surcharge inventorylocation inventorylocationgroup outlet outletgroup pointofsale posorderintegration membership membershipgroup membershipbenefit privilege role user supplier webhook guestbook paymentmethodref listvalue customfield appcommand voucher stockoutreason commission gstsetup orderingsetup paymentgateway printdeliveryorder newpromotion bannerdisplay onlinemenusetup futureproductprice listvaluecategory'.split(
    ' ',
  );
const NAMED_SINGLES =
  'roleprivilege feature installer company terminalstatus simulatesales virtualstock dataexporter layoutsetup posterminalsettings lockeduser membershipintegrationsettings outletpricing'.split(
    ' ',
  );

describe('the registry', () => {
  it('loads every entity, normalised, with system fields', () => {
    expect(entities.length).toBeGreaterThan(55);
    const product = findEntity('product')!;
    expect(product.fields.map((x) => x.name)).toEqual(
      expect.arrayContaining(['id', 'isActive', 'version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy']),
    );
    expect(getField(product, 'id')).toMatchObject({ system: true, readOnly: true });
    expect(getField(product, 'sellingPrice')).toMatchObject({
      kind: 'money',
      label: 'Selling price',
      required: true,
      filterable: true,
      sortable: true,
    });
    expect(product.table).toBe('product');
    expect(product.group).toBe('catalogue');
  });

  it('gives every named list/form screen an entity with fields, under its screen name', () => {
    for (const name of NAMED_SCREENS) {
      const screen = findScreen(name);
      expect(screen, name).toBeDefined();
      expect(['entity', 'list'], name).toContain(screen!.kind);
      const def = findEntity(name);
      expect(def, name).toBeDefined();
      expect(def!.fields.filter((x) => !x.system).length, name).toBeGreaterThan(0);
      expect(def!.isScreen).toBe(true);
    }
    expect(findScreen('futureproductprice')!.kind).toBe('list');
    expect(findScreen('warehouseproductmapping')!.kind).toBe('list');
    expect(findScreen('listvaluecategory')!.kind).toBe('list');
  });

  it('keeps every named single screen, with fields where it stores one row', () => {
    for (const name of NAMED_SINGLES) expect(findScreen(name)?.kind, name).toBe('single');
    for (const name of ['company', 'posterminalsettings', 'membershipintegrationsettings', 'layoutsetup'])
      expect(findEntity(name)?.kind, name).toBe('single');
    // Screens over tables of their own service, not the generic API: module switches, the price grid.
    expect(findEntity('feature')).toBeUndefined();
    expect(findEntity('outletpricing')).toBeUndefined();
    expect(findEntity('outletprice')).toMatchObject({ isScreen: false, permission: 'outletpricing' });
  });

  it('declares the tables that are no menu screen', () => {
    for (const name of [
      'pricehistory',
      'itemquantitytrigger',
      'appsetting',
      'auditlog',
      'outletprice',
      'roleprivilegegrant',
    ]) {
      const def = findEntity(name);
      expect(def, name).toBeDefined();
      expect(def!.isScreen).toBe(false);
      expect(screens.some((s) => s.name === name)).toBe(false);
    }
    expect(findEntity('auditlog')).toMatchObject({ readOnly: true, systemFields: false });
    // Writes, then the security and administrative events (docs/decisions/audit-log.md).
    const actions =
      (getField(findEntity('auditlog')!, 'action') as { values?: readonly string[] } | undefined)?.values ?? [];
    expect(actions.slice(0, 3)).toEqual(['insert', 'update', 'delete']);
    expect(actions).toEqual(
      expect.arrayContaining([
        'signIn',
        'signInFailed',
        'lockout',
        'signOut',
        'adminPasswordReset',
        'revokeSessions',
        'resetOtp',
        'unlock',
        'grantPrivileges',
        'passwordChange',
      ]),
    );
    expect(getField(findEntity('auditlog')!, 'ip')).toMatchObject({ kind: 'text' });
    expect(findEntity('pricehistory')!.fields.map((x) => x.name)).toEqual([
      'id',
      'product',
      'oldPrice',
      'newPrice',
      'changedAt',
      'changedBy',
    ]);
  });

  it('writes field names in camelCase as the product names them', () => {
    const names = (entity: string) => findEntity(entity)!.fields.map((x) => x.name);
    expect(names('supplier')).toEqual(
      expect.arrayContaining([
        'code',
        'name',
        'contactName',
        'phone',
        'email',
        'address',
        'paymentTermsDays',
        'isActive',
      ]),
    );
    expect(names('product')).toEqual(
      expect.arrayContaining([
        'shortName',
        'barcode',
        'brand',
        'uom',
        'costPrice',
        'sellingPrice',
        'taxInclusive',
        'trackStock',
        'allowOpenPrice',
        'allowDiscount',
        'minimumPrice',
      ]),
    );
    expect(names('user')).toEqual(
      expect.arrayContaining([
        'userName',
        'displayName',
        'mustChangePassword',
        'otpEnabled',
        'lastLoginAt',
        'lockedUntil',
      ]),
    );
    expect(names('listvalue')).toEqual(expect.arrayContaining(['category', 'code', 'name', 'sortOrder']));
    expect(names('customfield')).toEqual(
      expect.arrayContaining(['entity', 'key', 'label', 'kind', 'listValueCategory', 'required', 'sortOrder']),
    );
  });

  it('uses PostgreSQL-safe, unique table names', () => {
    expect(findEntity('user')!.table).toBe('app_user');
    const tables = entities.map((e) => e.table);
    expect(new Set(tables).size).toBe(tables.length);
    for (const t of tables) expect(t).toMatch(/^[a-z][a-z0-9_]*$/);
    const lines = getField(findEntity('printdeliveryorder')!, 'lines');
    expect(lines).toMatchObject({ kind: 'children', table: 'delivery_order_lines' });
    expect(getField(findEntity('bundle')!, 'outlets')).toMatchObject({
      kind: 'multireference',
      table: 'bundle_outlets',
      entity: 'outlet',
      labelField: 'name',
    });
  });

  it('names SQL columns in snake case, references with _id, as the server migrations do', () => {
    const column = (entity: string, name: string) => getField(findEntity(entity)!, name)?.column;
    expect(column('company', 'baseCurrency')).toBe('base_currency_id');
    expect(column('company', 'taxRegistrationNo')).toBe('tax_registration_no');
    expect(column('user', 'role')).toBe('role_id');
    expect(column('user', 'isActive')).toBe('is_active');
    expect(column('listvalue', 'category')).toBe('category_id');
    expect(column('product', 'brand')).toBe('brand_id');
    expect(column('product', 'createdBy')).toBe('created_by');
    expect(column('appsetting', 'group')).toBe('group_id');
    expect(column('roleprivilegegrant', 'ableToSetTable')).toBe('able_to_set_table');
    const keys = getField(findEntity('hotkey')!, 'keys');
    expect(keys?.kind === 'children' && keys.fields.map((x) => x.column)).toEqual([
      'id',
      'position',
      'label',
      'colour',
      'action',
      'product_id',
      'category_id',
      'function_name',
    ]);
  });

  it('declares an explicit isActive once, with its own options', () => {
    const user = findEntity('user')!;
    expect(user.fields.filter((x) => x.name === 'isActive')).toHaveLength(1);
    expect(getField(user, 'isActive')).toMatchObject({ kind: 'boolean', default: true, system: true, readOnly: false });
    expect(findEntity('exchangerate')!.hasIsActive).toBe(false);
  });

  it('fills list columns, default sort, dropdown, search and reference labels', () => {
    const department = findEntity('department')!;
    expect(department.listColumns).toEqual(['code', 'name', 'isActive']);
    expect(department.defaultSort).toEqual({ field: 'code', direction: 'asc' });
    expect(department.dropdown).toEqual({ label: ['name'], value: 'id' });
    expect(department.searchFields).toEqual(['code', 'name']);
    expect(findEntity('guestbook')!.defaultSort).toEqual({ field: 'visitAt', direction: 'desc' });
    expect(getField(findEntity('product')!, 'category')).toMatchObject({ labelField: 'name' });
    expect(getField(findEntity('pricehistory')!, 'changedBy')).toMatchObject({ labelField: 'userName' });
    expect(getField(findEntity('paymentgateway')!, 'apiKey')).toMatchObject({
      kind: 'secret',
      hidden: true,
      listColumn: false,
      filterable: false,
    });
    // Every entity's list columns, sort and search name real fields.
    for (const e of entities) {
      for (const c of e.listColumns) expect(getField(e, c), `${e.name}.${c}`).toBeDefined();
      expect(getField(e, e.defaultSort.field)?.sortable, e.name).toBe(true);
      for (const s of e.searchFields) expect(['text', 'longtext', 'reference']).toContain(getField(e, s)?.kind);
    }
  });

  it('keeps the menu exports working', () => {
    expect(menuGroups.map((g) => g.key)).toEqual([
      'catalogue',
      'pricing',
      'membership',
      'inventory',
      'pos',
      'online',
      'administration',
      'data',
    ]);
    expect(findScreen('product')).toMatchObject({
      route: 'product',
      label: 'Products',
      kind: 'entity',
      api: 'Product',
    });
    expect(findScreen('importer/product')!.kind).toBe('importer');
    expect(isListValuePath('listvalue/brand')).toBe(true);
    expect(isListValuePath('listvaluecategory')).toBe(false);
  });
});

describe('registry validation', () => {
  const base = (fields: EntityDef['fields'], extra: Partial<EntityDef> = {}) =>
    entity('widget', 'Widgets', 'box', { fields, ...extra });
  const load = (...defs: EntityDef[]) =>
    normaliseRegistry([...defs.map((def) => ({ def })), ...entityDefs(menuGroups)]);

  it('names the entity and field of an unknown reference', () => {
    expect(() => load(base({ code: f.code(), maker: f.ref('manufacturer') }))).toThrow(
      'Registry: entity "widget", field "maker": refers to unknown entity "manufacturer"',
    );
  });

  it('rejects a list value category that is not seeded', () => {
    expect(() => normalise(base({ flavour: f.lv('FLAVOUR' as never) }))).toThrow(
      'entity "widget", field "flavour": unknown list value category "FLAVOUR" (seeded: BRAND, UOM, GENDER, COLOUR, SIZE, CANCEL_REASON)',
    );
  });

  it('rejects an enum without values, a bad default, a secret list column', () => {
    expect(() => normalise(base({ kind: f.enum([]) }))).toThrow('field "kind": an enum needs values');
    expect(() => normalise(base({ kind: f.enum(['a', 'b'], { default: 'c' }) }))).toThrow(
      'field "kind": default "c" is not one of the values',
    );
    expect(() => normalise(base({ token: f.secret({ listColumn: true }) }))).toThrow(
      'field "token": a secret cannot be a list column',
    );
  });

  it('rejects duplicate names, reserved tables and unknown columns', () => {
    expect(() => load(base({ code: f.code() }), base({ code: f.code() }))).toThrow(
      'entity "widget": is declared twice',
    );
    expect(() => normalise(base({ code: f.code() }, { table: 'order' }))).toThrow(
      'table name "order" is an SQL reserved word',
    );
    expect(() => normalise(base({ code: f.code() }, { listColumns: ['code', 'colour'] }))).toThrow(
      'field "colour": listColumns names an unknown field',
    );
    expect(() => normalise(base({ code: f.code() }, { defaultSort: '-weight' }))).toThrow(
      'field "weight": defaultSort names an unknown field',
    );
    expect(() => normalise(base({ version: f.int() }))).toThrow('field "version": is a system field');
    expect(() => normalise(base({ 'Bad name': f.text() }))).toThrow('field "Bad name": field names are camelCase');
    expect(() =>
      normalise(base({ code: f.code() }, { sections: [{ name: 'main', label: 'Main', fields: ['colour'] }] })),
    ).toThrow('field "colour": section main names an unknown field');
    const twice = [
      { name: 'a', label: 'A', fields: ['code'] },
      { name: 'b', label: 'B', fields: ['code'] },
    ];
    expect(() => normalise(base({ code: f.code() }, { sections: twice }))).toThrow(
      'field "code": is named in two form sections',
    );
  });

  it('checks child tables and their references', () => {
    expect(() => load(base({ lines: f.children({ item: f.ref('nothing') }) }))).toThrow(
      'entity "widget", field "lines.item": refers to unknown entity "nothing"',
    );
    expect(() => normalise(base({ lines: f.children({ code: f.code({ unique: ['owner'] }) }) }))).toThrow(
      'field "lines.code": unique scope "owner" is not a field',
    );
    expect(() => load(model('widget', 'W', { fields: { product: f.ref('product', { labelField: 'nope' }) } }))).toThrow(
      'field "product": labelField "nope" is not a field of product',
    );
  });

  it('checks what the command palette searches: text fields, and exact fields that are unique (own or of a child table)', () => {
    const fields = {
      code: f.code(),
      note: f.text(),
      count: f.int(),
      tags: f.children({ tag: f.text({ unique: true }), label: f.text() }),
    };
    const palette = normalise(base(fields, { palette: { exact: ['code', 'tags.tag'] } })).palette!;
    expect(palette).toEqual({ fields: ['code'], exact: ['code', 'tags.tag'] });
    expect(() => normalise(base(fields, { palette: { fields: ['count'] } }))).toThrow(
      'field "count": only text fields can be searched',
    );
    expect(() => normalise(base(fields, { palette: { exact: ['note'] } }))).toThrow(
      'field "note": palette exact fields are unique text fields, own or of a child table',
    );
    expect(() => normalise(base(fields, { palette: { exact: ['tags.label'] } }))).toThrow(
      'field "tags.label": palette exact',
    );
    expect(() => normalise(base(fields, { palette: { exact: ['tags.nope'] } }))).toThrow(
      'field "tags.nope": palette exact',
    );
    expect(() => normalise(base(fields, { palette: { exact: ['nope'] } }))).toThrow(
      'field "nope": palette exact names an unknown field',
    );
    // By default the quick search's own list, which its index serves.
    const product = findEntity('product')!;
    expect(product.palette!.fields).toBe(product.searchFields);
  });
});
