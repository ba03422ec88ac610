import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyList, fail, menuItem, renderScreen, stubServer } from '../test/app';

describe('the pricing forms hold their rules beside the fields', () => {
  it('a discount’s value read as a percent is at most 100', async () => {
    const server = stubServer(() => undefined, { otherwise: emptyList });
    await renderScreen(menuItem('/discount'), '/discount/add');
    await userEvent.type(await screen.findByLabelText('Code'), 'BIG');
    await userEvent.type(screen.getByLabelText('Name'), 'Big');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'percent');
    await userEvent.type(screen.getByLabelText('Value'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Value')).toHaveAccessibleDescription(/Value is a percent here: at most 100/),
    );
    expect(server.calls.filter((c) => c.url.includes('/Insert/'))).toHaveLength(0);
  });

  it('a promotion code another promotion kind holds is shown beside the code', async () => {
    stubServer(
      (call) =>
        call.url.endsWith('/Insert/promotion')
          ? fail(409, 'Code "SUMMER" is already used by a promotion rule', [
              { field: 'code', message: 'Code "SUMMER" is already used by a promotion rule' },
            ])
          : undefined,
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/promotion'), '/promotion/add');
    await userEvent.type(await screen.findByLabelText('Code'), 'SUMMER');
    await userEvent.type(screen.getByLabelText('Name'), 'Summer');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'amountOff');
    await userEvent.type(screen.getByLabelText('Valid from'), '2024-06-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(/already used by a promotion rule/),
    );
  });
});
