import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import DataExporterScreen from './DataExporterScreen';

describe('data exporter', () => {
  it('speaks the user’s words: procedures, filters and their values by label, jobs by what they export', async () => {
    stubServer((call) => {
      if (call.url.includes('/GetExportParameters/'))
        return ok({
          parameters: [
            { name: 'type', label: 'Type', kind: 'enum', values: ['standard', 'variantParent'], operators: ['EQ'] },
            { name: 'isActive', label: 'Active', kind: 'boolean', operators: ['EQ'] },
          ],
        });
      if (call.url.endsWith('/DataExporter/jobs'))
        return ok([
          {
            jobId: 4,
            kind: 'export',
            name: 'EXP_Product',
            status: 'succeeded',
            progress: 100,
            createdAt: '2026-05-01T10:00:00Z',
          },
        ]);
      return undefined;
    });
    await renderSignedIn(<DataExporterScreen item={menuItem('/dataexporter', { name: 'Data exporter' })} />);
    await userEvent.selectOptions(screen.getByLabelText('Export'), 'EXP_Product');
    const type = await screen.findByLabelText('Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Standard', 'Variant parent']);
    expect(
      within(screen.getByLabelText('Active'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Yes', 'No']);
    const job = await screen.findByRole('row', { name: /Export: Products/ });
    expect(within(job).getByText('Done')).toBeInTheDocument();
    expect(screen.queryByText(/EXP_|variantParent|^true$/)).toBeNull();
  });
});
