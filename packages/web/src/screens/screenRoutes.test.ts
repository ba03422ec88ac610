import { describe, expect, it } from 'vitest';
import type { ClientMenuGroup, ClientMenuItem } from '../store/menuSlice';
import { hasFormPair, screenFor, screenRoutes } from './screenRoutes';

const item = (id: number, path: string, ableToView = true): ClientMenuItem => ({
  id,
  name: path,
  path,
  ableToView,
  ableToEdit: true,
  ableToDelete: true,
  ableToSetTable: false,
  exportProcedure: null,
});

describe('menu-driven routes', () => {
  it('maps every path containing listvalue, but not listvaluecategory, to the shared list-value screen', () => {
    expect(screenFor('/listvalue/brand')).toBe('listvalue');
    expect(screenFor('/listvalue/uom')).toBe('listvalue');
    expect(screenFor('/listvaluecategory')).toBe('listvaluecategory');
    expect(screenFor('/product')).toBe('product');
  });

  it('asks the registry which screens have a form: entities and list values do; list, single and importer screens do not', () => {
    expect(hasFormPair('/product')).toBe(true);
    expect(hasFormPair('/listvalue/brand')).toBe(true);
    expect(hasFormPair('/listvaluecategory')).toBe(false);
    expect(hasFormPair('/futureproductprice')).toBe(false);
    expect(hasFormPair('/roleprivilege')).toBe(false);
    expect(hasFormPair('/importer/product')).toBe(false);
    expect(hasFormPair('/no-such-screen')).toBe(false);
  });

  it('builds the list route of every visible item, and edit and add where it has a form', () => {
    const menu: ClientMenuGroup[] = [
      {
        id: 1,
        name: 'Catalogue',
        icon: 'box',
        ableToView: true,
        items: [item(1, '/product'), item(2, '/bundle', false), item(5, '/outletpricing')],
      },
      {
        id: 2,
        name: 'Admin',
        icon: 'gear',
        ableToView: true,
        items: [item(3, '/listvaluecategory'), item(4, '/listvalue/brand'), item(6, '/importer/product')],
      },
    ];
    expect(screenRoutes(menu).map((route) => [route.path, route.mode, route.screen])).toEqual([
      ['/product', 'list', 'product'],
      ['/product/edit/:id', 'edit', 'product'],
      ['/product/add', 'add', 'product'],
      ['/outletpricing', 'list', 'outletpricing'],
      ['/listvaluecategory', 'list', 'listvaluecategory'],
      ['/listvalue/brand', 'list', 'listvalue'],
      ['/listvalue/brand/edit/:id', 'edit', 'listvalue'],
      ['/listvalue/brand/add', 'add', 'listvalue'],
      ['/importer/product', 'list', 'importer/product'],
    ]);
  });

  it('gives a user who may not edit no add route; the edit route stays, read-only', () => {
    const viewOnly = { ...item(1, '/product'), ableToEdit: false };
    const menu: ClientMenuGroup[] = [{ id: 1, name: 'Catalogue', icon: 'box', ableToView: true, items: [viewOnly] }];
    expect(screenRoutes(menu).map((route) => [route.path, route.mode])).toEqual([
      ['/product', 'list'],
      ['/product/edit/:id', 'edit'],
    ]);
  });
});
