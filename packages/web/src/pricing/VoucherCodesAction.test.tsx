import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import VoucherCodesAction from './VoucherCodesAction';

describe('voucher codes on the voucher form', () => {
  it('lists the codes, generates more and says how many', async () => {
    let codes = [{ id: 1, code: 'ABCD-EFGH-JKMN-PQRS', redeemedAt: null, redeemedReference: null }];
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/vouchercode')) {
        const filters = (call.body as { filters: { Operator: string }[] }).filters;
        const rows = filters.some((f) => f.Operator === 'NOTNULL') ? [] : codes;
        return ok(rows, rows.length);
      }
      if (call.url.endsWith('/Execute/voucher')) {
        codes = [...codes, { id: 2, code: 'TUVW-XYZ2-3456-789A', redeemedAt: null, redeemedReference: null }];
        return ok({ generated: 1, codes: {} });
      }
      return undefined;
    });
    await renderSignedIn(
      <VoucherCodesAction row={{ id: 9, code: 'FESTIVE10' }} item={menuItem('/voucher', { name: 'Vouchers' })} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Single-use codes' }));
    expect(await screen.findByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    expect(screen.getByText('1 code, 0 used')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('How many'));
    await userEvent.type(screen.getByLabelText('How many'), '20000');
    expect(screen.getByRole('button', { name: 'Generate codes' })).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('How many'));
    await userEvent.type(screen.getByLabelText('How many'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByText('Generated 1 code.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2 codes, 0 used')).toBeInTheDocument());
    expect(server.posted('/Execute/voucher')).toEqual([{ action: 'generate', ids: [9], count: 1 }]);
  });
});
