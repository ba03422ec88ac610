import { describe, expect, it } from 'vitest';
import { topMenuHref } from './topMenu';

const web = 'https://shop.example/backoffice';

describe('top menu links', () => {
  it('uses a route starting with http as is', () => {
    expect(topMenuHref({ route: 'https://reports.example/x', menuText: 'Reports' }, web)).toBe(
      'https://reports.example/x',
    );
    expect(topMenuHref({ route: 'http://old.example', menuText: 'Old' }, web)).toBe('http://old.example');
  });

  it('puts a route starting with / under the web URL plus /new', () => {
    expect(topMenuHref({ route: '/product', menuText: 'Products' }, web)).toBe(
      'https://shop.example/backoffice/new/product',
    );
  });

  it('drops any other route', () => {
    expect(topMenuHref({ route: 'product', menuText: 'Products' }, web)).toBeNull();
  });
});
