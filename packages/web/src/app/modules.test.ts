import { describe, expect, it } from 'vitest';
import { findEntity, findScreen, type NormalisedField } from '@backroom/schema';
import { hasForm } from '../screens/screenRoutes';
import type { WebModule } from '../screens/webModule';
import { webModules } from './modules';

/** The field a path names inside an entity (`role`, `lines.product`), if there is one. */
function fieldAt(fields: readonly NormalisedField[], path: string[]): NormalisedField | undefined {
  const [name, ...rest] = path;
  const field = fields.find((f) => f.name === name);
  if (!field || rest.length === 0) return field;
  return field.kind === 'children' ? fieldAt(field.fields, rest) : undefined;
}

/**
 * Every key of a module the registry does not know as what the key is used for: a renamed entity
 * or screen would otherwise drop back to the generic screen without a word.
 */
function unknownKeys(module: WebModule): string[] {
  const problems: string[] = [];
  const check = (part: string, keys: object | undefined, known: (key: string) => boolean) => {
    for (const key of Object.keys(keys ?? {})) if (!known(key)) problems.push(`${module.name}.${part}.${key}`);
  };
  const entity = (key: string) => findEntity(key)?.isScreen === true;
  const withForm = (key: string) => {
    const found = findEntity(key);
    return found !== undefined && found.isScreen && hasForm(found);
  };
  check('forms', module.forms, withForm);
  check('lists', module.lists, entity);
  check('tabs', module.tabs, withForm);
  check('listActions', module.listActions, entity);
  check('formActions', module.formActions, withForm);
  check('draftActions', module.draftActions, withForm);
  check('addInputs', module.addInputs, withForm);
  check('ownInputs', module.ownInputs, (key) => {
    const [name = '', ...path] = key.split('.');
    const found = findEntity(name);
    return found !== undefined && path.length > 0 && fieldAt(found.fields, path) !== undefined;
  });
  check('phoneRows', module.phoneRows, (key) => {
    const found = findEntity(key);
    const fields = Object.values(module.phoneRows?.[key as keyof typeof module.phoneRows] ?? {}).flat();
    // A phone row may show a computed figure (a product's on hand) as well as fields.
    return (
      found?.isScreen === true &&
      fields.every((name) => [...found.fields, ...found.computed].some((f) => f.name === name))
    );
  });
  // A screen of one page: a single screen, an importer, or a list shown its own way (the sales).
  check('singles', module.singles, (key) => ['single', 'importer', 'list'].includes(findScreen(key)?.kind ?? ''));
  return problems;
}

describe('the web modules', () => {
  it('name only entities, fields and screens of the registry, each where it can show', () => {
    expect(webModules.flatMap(unknownKeys)).toEqual([]);
  });

  it('fail a key the registry does not know', () => {
    const load = () => Promise.resolve({ default: () => null });
    const renamed: WebModule = {
      name: 'renamed',
      // The compiler refuses a name the registry does not know; the check stands for names it cannot see (fields, screens).
      // @ts-expect-error `deliveryorder` is not a registry entity
      forms: { deliveryorder: load },
      // @ts-expect-error nor `prodcut`
      lists: { product: load, prodcut: load },
      // @ts-expect-error nor `productlist`
      tabs: { productlist: [{ name: 'stock', load }] },
      formActions: { stockmovement: [load] },
      ownInputs: { 'user.roles': load, 'printdeliveryorder.lines.product': load },
      singles: { lowstocks: load, product: load },
    };
    expect(unknownKeys(renamed)).toEqual([
      'renamed.forms.deliveryorder',
      'renamed.lists.prodcut',
      'renamed.tabs.productlist',
      'renamed.formActions.stockmovement',
      'renamed.ownInputs.user.roles',
      'renamed.singles.lowstocks',
      'renamed.singles.product',
    ]);
  });
});
