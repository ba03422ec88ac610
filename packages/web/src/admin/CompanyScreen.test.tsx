import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompanyDto } from '@backroom/schema';
import CompanyScreen from './CompanyScreen';
import { fail, ok, renderSignedIn, menuItem, stubServer } from '../test/app';

const company: CompanyDto = {
  id: 1,
  version: 4,
  name: 'Backroom Demo Retail',
  registrationNo: null,
  taxRegistrationNo: 'TX-1',
  address: null,
  logo: null,
  baseCurrencyId: null,
  timezone: 'UTC',
};
const currencies = [{ id: 7, code: 'MYR', name: 'Malaysian ringgit' }];

beforeEach(() => localStorage.clear());

describe('company settings', () => {
  it('validates on this side, then saves with the version it read', async () => {
    const server = stubServer((call) => {
      if (call.url.endsWith('/fetch/appsetting')) return ok([], 0);
      if (call.url.endsWith('/company/Get')) return ok({ company, currencies });
      if (call.url.endsWith('/company/Save')) return ok({ ...company, ...(call.body as object), version: 5 });
      return undefined;
    });
    await renderSignedIn(<CompanyScreen item={menuItem('/company')} />);
    const name = await screen.findByLabelText('Company name');
    expect(name).toHaveValue('Backroom Demo Retail');
    expect(screen.getByLabelText('Tax registration number')).toHaveValue('TX-1');

    await userEvent.clear(name);
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Time zone must be one such as Asia/Singapore')).toBeInTheDocument();
    expect(server.posted('/company/Save')).toEqual([]);

    await userEvent.type(name, 'Kedai Runcit');
    await userEvent.clear(screen.getByLabelText('Time zone'));
    await userEvent.type(screen.getByLabelText('Time zone'), 'Asia/Kuala_Lumpur');
    await userEvent.selectOptions(screen.getByLabelText('Base currency'), 'MYR - Malaysian ringgit');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Company saved.')).toBeInTheDocument();
    expect(server.posted('/company/Save')).toEqual([
      {
        version: 4,
        name: 'Kedai Runcit',
        registrationNo: null,
        taxRegistrationNo: 'TX-1',
        address: null,
        logo: null,
        baseCurrencyId: 7,
        timezone: 'Asia/Kuala_Lumpur',
      },
    ]);
  });

  it('says when someone else saved meanwhile, and offers to reload', async () => {
    stubServer((call) => {
      if (call.url.endsWith('/fetch/appsetting')) return ok([], 0);
      if (call.url.endsWith('/company/Get')) return ok({ company, currencies });
      if (call.url.endsWith('/company/Save'))
        return fail(409, 'Someone else saved the company settings meanwhile, reload them and try again');
      return undefined;
    });
    await renderSignedIn(<CompanyScreen item={menuItem('/company')} />);
    await userEvent.type(await screen.findByLabelText('Address'), 'Jalan 1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else saved the company settings meanwhile');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByLabelText('Address')).toHaveValue('');
  });
});
