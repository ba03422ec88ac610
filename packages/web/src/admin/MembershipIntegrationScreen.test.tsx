import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, menuItem, ok, renderSignedIn, stubServer } from '../test/app';
import MembershipIntegrationScreen from './MembershipIntegrationScreen';

const saved = {
  id: 3,
  version: 2,
  provider: 'LoyaltyHub',
  endpoint: 'https://loyalty.example/api',
  apiKey: '••••',
  syncDirection: 'both',
  enabled: true,
};

function serve() {
  return stubServer((call) => {
    if (call.url.endsWith('/fetch/membershipintegrationsettings')) return ok([saved], 1);
    if (call.url.endsWith('/Update/membershipintegrationsettings'))
      return ok({ ...saved, ...(call.body as object), version: 3, apiKey: '••••' });
    if (call.url.endsWith('/membershipintegration/TestConnection')) {
      const { endpoint } = call.body as { endpoint: string };
      if (endpoint.includes('10.0.0.1'))
        return fail(400, 'Endpoint reaches a private address (10.0.0.1); only public addresses are allowed', [
          {
            field: 'endpoint',
            message: 'Endpoint reaches a private address (10.0.0.1); only public addresses are allowed',
          },
        ]);
      return ok({ ok: true, status: 200, latencyMs: 42, message: 'Connected: the provider answered 200' });
    }
    return undefined;
  });
}

const render = (ableToEdit = true) =>
  renderSignedIn(
    <MembershipIntegrationScreen
      item={menuItem('/membershipintegrationsettings', { name: 'Membership integration', ableToEdit })}
    />,
  );

describe('membership integration screen', () => {
  it('shows the saved settings with the API key masked, and saves changes', async () => {
    const server = serve();
    await render();
    expect(await screen.findByLabelText('Provider')).toHaveValue('LoyaltyHub');
    expect(screen.getByLabelText('API key')).toHaveValue('••••');
    expect(screen.getByLabelText('API key')).toHaveAttribute('type', 'password');
    await userEvent.clear(screen.getByLabelText('API key'));
    await userEvent.type(screen.getByLabelText('API key'), 'sk_new_key_9999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(server.posted('/Update/membershipintegrationsettings')).toEqual([
      {
        id: 3,
        version: 2,
        provider: 'LoyaltyHub',
        endpoint: 'https://loyalty.example/api',
        apiKey: 'sk_new_key_9999',
        syncDirection: 'both',
        enabled: true,
      },
    ]);
    expect(screen.getByLabelText('API key')).toHaveValue('••••');
  });

  it('tests the connection with what the form holds, and shows a refused endpoint beside the field', async () => {
    const server = serve();
    await render();
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: the provider answered 200 (42 ms)')).toBeInTheDocument();
    expect(server.posted('/membershipintegration/TestConnection')).toEqual([
      { endpoint: 'https://loyalty.example/api', apiKey: '••••' },
    ]);
    await userEvent.clear(screen.getByLabelText('Endpoint'));
    await userEvent.type(screen.getByLabelText('Endpoint'), 'http://10.0.0.1/');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(screen.getByLabelText('Endpoint')).toHaveClass('is-invalid'));
    expect(screen.getByText(/only public addresses are allowed/)).toBeInTheDocument();
  });

  it('marks the required provider, and shows a refusal naming it once, beside it', async () => {
    stubServer((call) => {
      if (call.url.endsWith('/fetch/membershipintegrationsettings')) return ok([saved], 1);
      if (call.url.endsWith('/Update/membershipintegrationsettings'))
        return fail(400, 'Provider is required', [{ field: 'provider', message: 'Provider is required' }]);
      return undefined;
    });
    await render();
    const provider = await screen.findByLabelText('Provider');
    expect(provider).toBeRequired();
    expect(document.querySelector(`label[for="${provider.id}"]`)).toHaveClass('required');
    await userEvent.clear(provider);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider).toHaveAccessibleDescription('Provider is required'));
    expect(screen.getAllByText('Provider is required')).toHaveLength(1);
  });

  it('is read-only without edit', async () => {
    serve();
    await render(false);
    expect(await screen.findByLabelText('Provider')).toBeDisabled();
    expect(screen.getByText('You can view these settings but not change them.')).toBeInTheDocument();
  });
});
