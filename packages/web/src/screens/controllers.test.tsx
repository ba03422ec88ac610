import { describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { findEntity } from '@backroom/schema';
import { useFormController, type FormController } from './useFormController';
import { useListController, type ListController } from './useListController';
import { emptyList, menuItem, ok, renderSignedIn, stubServer } from '../test/app';

const bundle = findEntity('bundle')!;

/** Renders a controller hook alone (no view) and hands back its latest value. */
async function renderController<T>(use: () => T, route: string) {
  const latest: { current?: T } = {};
  function Probe() {
    latest.current = use();
    return null;
  }
  const rendered = await renderSignedIn(<Probe />, { route });
  return { latest: latest as { current: T }, router: rendered.router };
}

describe('headless controllers', () => {
  it('the list controller keeps its state in the address and starts a new filter on page 1, keeping the selection', async () => {
    const server = stubServer(
      (call) => (call.url.endsWith('/fetch/bundle') ? ok([{ id: 7, code: 'B7', name: 'Set' }], 60) : undefined),
      { otherwise: emptyList },
    );
    const { latest, router } = await renderController<ListController>(
      () => useListController({ entity: bundle, item: menuItem('/bundle'), hasForm: true }),
      '/bundle?page=3',
    );
    await waitFor(() => expect(latest.current.pageRows).toHaveLength(1));
    expect(latest.current.state.page).toBe(3);
    expect(latest.current.pageCount).toBe(6);
    act(() => latest.current.setSelected({ '7': true }));
    expect(latest.current.selectedIds).toEqual([7]);
    act(() => latest.current.setFilter('name', 'set'));
    await waitFor(() => expect(router.state.location.search).toBe('?f.name=set'));
    await waitFor(() => expect(server.bodies('/fetch/bundle')).toHaveLength(2));
    expect(latest.current.selectedIds).toEqual([7]);
    expect(latest.current.selectedRows).toEqual([{ id: 7, code: 'B7', name: 'Set' }]);
    act(() => latest.current.clearSelection());
    expect(latest.current.selectedIds).toEqual([]);
    expect(server.bodies('/fetch/bundle').at(-1)).toMatchObject({
      Skip: 0,
      filters: [{ ColumnName: 'name', ColumnValue: 'set', Operator: 'LIKE' }],
    });
    expect(latest.current.rowLabel({ id: 7, code: 'B7', name: 'Set' })).toBe('Set');
  });

  it('the form controller validates, reports dirty state, and saves then offers a new form', async () => {
    const server = stubServer(
      (call) =>
        call.url.endsWith('/Insert/bundle')
          ? ok({ id: 9, version: 1, code: 'B9', name: 'New', price: '1.00' })
          : undefined,
      { otherwise: emptyList },
    );
    const { latest, router } = await renderController<FormController>(
      () => useFormController({ entity: bundle, item: menuItem('/bundle'), mode: 'add' }),
      '/bundle/add',
    );
    await act(() => latest.current.submit()());
    expect(latest.current.form.formState.errors.code).toBeDefined();
    expect(server.posted('/Insert/bundle')).toHaveLength(0);
    act(() => {
      latest.current.form.setValue('code', 'B9', { shouldDirty: true });
      latest.current.form.setValue('name', 'New', { shouldDirty: true });
      latest.current.form.setValue('price', '1.00', { shouldDirty: true });
    });
    expect(latest.current.form.formState.isDirty).toBe(true);
    await act(() => latest.current.submit('new')());
    expect(server.posted('/Insert/bundle')).toEqual([
      expect.objectContaining({ code: 'B9', name: 'New', price: '1.00' }),
    ]);
    expect(router.state.location.pathname).toBe('/bundle/add');
    expect(router.state.location.state).toEqual({ saved: true });
  });
});
