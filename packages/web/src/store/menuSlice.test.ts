import { describe, expect, it } from 'vitest';
import type { MenuGroupDto, MenuItemDto } from '@backroom/schema';
import { toClientGroup, visibleMenu } from './menuSlice';

const item = (id: number, route: string, ableToView = true, extra: Partial<MenuItemDto> = {}): MenuItemDto => ({
  appMenuID: id,
  menuText: `Item ${id}`,
  route,
  ableToView,
  ableToEdit: true,
  ableToDelete: false,
  ableToSetTable: true,
  exportProcedure: null,
  ...extra,
});
const group = (id: number, items: MenuItemDto[], ableToView = true): MenuGroupDto => ({
  appMenuID: id,
  menuText: `Group ${id}`,
  icon: 'box',
  ableToView,
  items,
});

describe('client menu', () => {
  it('maps server items to id, name, slash path, flags, export procedure and label', () => {
    const [mapped] = [
      toClientGroup(
        group(1, [
          item(10, 'listvalue/brand', true, { exportProcedure: 'EXP_X', label: { value: 'New', color: '#f00' } }),
        ]),
      ),
    ];
    expect(mapped).toEqual({
      id: 1,
      name: 'Group 1',
      icon: 'box',
      ableToView: true,
      items: [
        {
          id: 10,
          name: 'Item 10',
          path: '/listvalue/brand',
          ableToView: true,
          ableToEdit: true,
          ableToDelete: false,
          ableToSetTable: true,
          exportProcedure: 'EXP_X',
          label: { value: 'New', color: '#f00' },
        },
      ],
    });
  });
});

describe('menu visibility', () => {
  const menu = [
    group(1, [item(11, 'product'), item(12, 'bundle', false)]),
    group(2, [item(21, 'role')], false),
    group(3, []),
    group(4, [item(41, 'user', false)]),
  ].map(toClientGroup);

  it('shows a group only when it may be viewed and has items', () => {
    expect(visibleMenu(menu).map((g) => g.id)).toEqual([1]);
  });

  it('shows an item only when it may be viewed', () => {
    expect(visibleMenu(menu)[0]!.items.map((i) => i.path)).toEqual(['/product']);
  });
});
