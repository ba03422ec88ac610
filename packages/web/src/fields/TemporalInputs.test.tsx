import { useState } from 'react';
import { findEntity } from '@backroom/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import ms from '../../public/locales/ms/translations.json';
import { emptyList, menuItem, ok, pickOption, renderScreen, renderSignedIn, stubServer, type Call } from '../test/app';
import { ColumnFilter } from '../screens/ColumnFilter';
import { DateTimeInput, TimeInput } from './TemporalInputs';

/**
 * The company's answer to `company/Format`: its currency sets the convention (MYR → en-MY, GBP → en-GB),
 * its zone the wall clock (Kuala Lumpur UTC+8; London UTC+1 in summer).
 */
const ZONES: Record<string, string> = { MYR: 'Asia/Kuala_Lumpur', GBP: 'Europe/London' };
const company = (currency: string) => (call: Call) =>
  call.url.endsWith('/company/Format') ? ok({ name: null, currency, timezone: ZONES[currency] }) : undefined;

// The browser is in New York (UTC−5 in winter, −4 in summer), the company elsewhere: what a person reads
// and types is the company's clock, never the laptop's.
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
  expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(300);
});
afterAll(() => {
  if (browserZone === undefined) delete process.env.TZ;
  else process.env.TZ = browserZone;
});

/** An input beside what it last reported, as a form or filter receives it. */
function Probe({ Input, value: start = '' }: { Input: typeof DateTimeInput; value?: string }) {
  const [reported, setReported] = useState({ value: start, valid: true });
  return (
    <>
      <Input aria-label="When" value={reported.value} onChange={(value, valid) => setReported({ value, valid })} />
      <output data-testid="reported">{`${reported.value}|${reported.valid ? 'valid' : 'unfinished'}`}</output>
    </>
  );
}
const reported = () => screen.getByTestId('reported').textContent;
/** An input typed into from empty. */
async function typeInto(label: string, text: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  await userEvent.type(input, text);
  return input;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('date-time and time inputs in the company’s convention', () => {
  it('en-MY: a date-time reads and is typed as 28/09/2026 2:05 pm in Kuala Lumpur, whatever the browser’s locale and zone', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    stubServer(company('MYR'));
    await renderSignedIn(<Probe Input={DateTimeInput} value="2026-09-28T06:05:00.000Z" />);
    const input = screen.getByRole('textbox', { name: 'When' });
    await waitFor(() => expect(input).toHaveValue('28/09/2026 2:05 pm'));
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm am/pm');

    await typeInto('When', '1/10/2026 9:05 am');
    expect(reported()).toBe('2026-10-01T01:05:00.000Z|valid');
    await userEvent.tab();
    expect(input).toHaveValue('01/10/2026 9:05 am');

    // A 12-hour clock without its am/pm is not a time yet: the text goes on as typed, for validation to name.
    await typeInto('When', '1/10/2026 9:05');
    expect(reported()).toBe('1/10/2026 9:05|unfinished');
    await userEvent.tab();
    expect(input).toHaveValue('1/10/2026 9:05');

    await userEvent.clear(input);
    expect(reported()).toBe('|valid');
  });

  it('en-GB: a date-time and a time in 24-hour time, without leading zeros or with, London’s summer time and winter', async () => {
    stubServer(company('GBP'));
    await renderSignedIn(<Probe Input={DateTimeInput} value="2026-09-28T13:05:00.000Z" />);
    const input = screen.getByRole('textbox', { name: 'When' });
    await waitFor(() => expect(input).toHaveValue('28/09/2026 14:05'));
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm');
    await typeInto('When', '2/3/2026 7:30');
    expect(reported()).toBe('2026-03-02T07:30:00.000Z|valid');
    await userEvent.tab();
    expect(input).toHaveValue('02/03/2026 07:30');
  });

  it('a time: en-MY 2:05 pm, en-GB 14:05, kept as "HH:mm"', async () => {
    stubServer(company('MYR'));
    const first = await renderSignedIn(<Probe Input={TimeInput} value="14:05" />);
    const input = screen.getByRole('textbox', { name: 'When' });
    await waitFor(() => expect(input).toHaveValue('2:05 pm'));
    expect(input).toHaveAttribute('placeholder', 'hh:mm am/pm');
    await typeInto('When', '09:15 PM');
    expect(reported()).toBe('21:15|valid');
    await typeInto('When', '9:15');
    expect(reported()).toBe('9:15|unfinished');
    first.unmount();

    stubServer(company('GBP'));
    await renderSignedIn(<Probe Input={TimeInput} value="14:05" />);
    const gb = screen.getByRole('textbox', { name: 'When' });
    await waitFor(() => expect(gb).toHaveValue('14:05'));
    expect(gb).toHaveAttribute('placeholder', 'hh:mm');
    await typeInto('When', '9:15');
    expect(reported()).toBe('09:15|valid');
  });
});

describe('forms and list filters take date-times and times in the company’s convention', () => {
  const guest = { id: 5, version: 1, outlet: 1, outletLabel: 'Bangsar', visitorName: 'Aisyah', visitAt: '' };

  it('a form saves the typed date-time as the instant, and names one that is not whole yet', async () => {
    const server = stubServer(
      (call) =>
        company('MYR')(call) ??
        (call.url.endsWith('/GetDropDown/outlet') ? ok([{ text: 'Bangsar', value: 1 }]) : undefined) ??
        (call.url.endsWith('/Insert/guestbook') ? ok({ ...guest, visitAt: '2026-09-28T06:05:00.000Z' }) : undefined),
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/guestbook'), '/guestbook/add');
    const visit = await screen.findByRole('textbox', { name: 'Visit at' });
    await waitFor(() => expect(visit).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm am/pm'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Visitor name' }), 'Aisyah');
    await pickOption(screen.getByRole('combobox', { name: 'Outlet' }), 'Bangsar');

    await userEvent.type(visit, '28/9/2026 2:05');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Told what to type as the company writes it, not a pattern.
    expect(await screen.findByText('Enter a date and time like 28/09/2026 2:05 pm')).toBeInTheDocument();
    expect(server.bodies('/Insert/guestbook')).toHaveLength(0);

    await userEvent.type(visit, ' pm');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.bodies('/Insert/guestbook')).toHaveLength(1));
    // 2:05 pm in Kuala Lumpur, not in the browser's New York.
    expect(server.bodies('/Insert/guestbook')[0]!.visitAt).toBe('2026-09-28T06:05:00.000Z');
  });

  it('in Malay, what to type is told in Malay and the Malay clock', async () => {
    stubServer(
      (call) =>
        company('MYR')(call) ??
        (call.url.endsWith('/GetDropDown/outlet') ? ok([{ text: 'Bangsar', value: 1 }]) : undefined),
      { otherwise: emptyList },
    );
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    await renderScreen(menuItem('/guestbook'), '/guestbook/add');
    const visit = await screen.findByRole('textbox', { name: 'Lawatan pada' });
    await waitFor(() => expect(visit).toHaveAttribute('placeholder', 'hh/bb/tttt jj:mm PG/PTG'));
    await userEvent.type(visit, '28/9/2026 2:05');
    await userEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Masukkan tarikh dan masa seperti 28/09/2026 2:05 PTG')).toBeInTheDocument();
  });

  it('a form shows a saved date-time in the convention and the company’s zone', async () => {
    const visitAt = '2026-09-28T06:05:00.000Z';
    stubServer(
      (call) =>
        company('MYR')(call) ?? (call.url.endsWith('/fetch/guestbook') ? ok([{ ...guest, visitAt }], 1) : undefined),
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/guestbook'), '/guestbook/edit/5');
    const visit = await screen.findByRole('textbox', { name: 'Visit at' });
    await waitFor(() => expect(visit).toHaveValue('28/09/2026 2:05 pm'));
  });

  it('a list cell and a date-time filter read the company’s clock; a filter sends the instant, a date alone the whole day there', async () => {
    const server = stubServer(
      (call) =>
        company('MYR')(call) ??
        (call.url.endsWith('/fetch/guestbook')
          ? ok([{ ...guest, visitorName: 'Aisyah', visitAt: '2026-09-28T06:05:00.000Z' }], 1)
          : undefined),
      { otherwise: emptyList },
    );
    await renderScreen(menuItem('/guestbook'), '/guestbook');
    const fetched = () => server.calls.filter((c) => c.url.endsWith('/fetch/guestbook')).at(-1)?.body;
    expect(await screen.findByRole('cell', { name: '28/09/2026 2:05 pm' }, { timeout: 5000 })).toBeInTheDocument();
    const from = await screen.findByRole('textbox', { name: 'Filter Visit at from' });
    await waitFor(() => expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm am/pm'));
    expect(from).toHaveClass('datetime-input');
    const fetches = () => server.calls.filter((c) => c.url.endsWith('/fetch/guestbook')).length;
    const before = fetches();
    // A date alone is a filter too (the whole day): typed on to its time, the list asks once, for the minute.
    await userEvent.type(from, '28/09/2026 2:05');
    await userEvent.type(from, ' pm');
    await waitFor(() =>
      expect(fetched()).toMatchObject({
        filters: [{ ColumnName: 'visitAt', ColumnValue: '2026-09-28T06:05:00.000Z', Operator: 'GTE' }],
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fetches()).toBe(before + 1);
    expect(screen.getByTestId('location').textContent).toBe('/guestbook?f.visitAt.min=2026-09-28T06%3A05%3A00.000Z');

    // "From 1/1/2030" is midnight in Kuala Lumpur; "to 1/1/2030" its last moment there.
    await userEvent.clear(from);
    await userEvent.type(from, '1/1/2030');
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Visit at to' }), '1/1/2030');
    await waitFor(() =>
      expect(fetched()).toMatchObject({
        filters: [
          { ColumnName: 'visitAt', ColumnValue: '2029-12-31T16:00:00.000Z', Operator: 'GTE' },
          { ColumnName: 'visitAt', ColumnValue: '2030-01-01T15:59:59.999Z', Operator: 'LTE' },
        ],
      }),
    );
  });

  it('a time filter (no list shows a time column yet) applies once whole, as "HH:mm"', async () => {
    stubServer(company('MYR'));
    const timeFrom = findEntity('promotion')!.fields.find((f) => f.name === 'timeFrom')!;
    const applied: [string, string][] = [];
    function Filter() {
      const [filters, setFilters] = useState<Record<string, string>>({ 'timeFrom.max': '18:30' });
      return (
        <ColumnFilter
          field={timeFrom}
          label="Time from"
          filters={filters}
          onChange={(key, value) => {
            applied.push([key, value]);
            setFilters({ ...filters, [key]: value });
          }}
        />
      );
    }
    await renderSignedIn(<Filter />);
    const to = screen.getByRole('textbox', { name: 'Filter Time from to' });
    await waitFor(() => expect(to).toHaveValue('6:30 pm'));
    expect(to).toHaveClass('time-input');
    await userEvent.clear(to);
    await userEvent.type(to, '7:45');
    await userEvent.type(to, ' AM');
    await waitFor(() =>
      expect(applied).toEqual([
        ['timeFrom.max', ''],
        ['timeFrom.max', '07:45'],
      ]),
    );
  });
});
