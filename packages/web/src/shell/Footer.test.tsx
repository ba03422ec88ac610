import { screen, waitFor } from '@testing-library/react';
import { COMPANY_NAME } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { ok, renderSignedIn, stubServer } from '../test/app';
import { Footer } from './Footer';

describe('footer', () => {
  it("shows the company's name as the Company screen saved it", async () => {
    stubServer((call) =>
      call.url.endsWith('/company/Format')
        ? ok({ name: 'Kedai Runcit Sdn Bhd', currency: 'MYR', timezone: 'Asia/Kuala_Lumpur' })
        : undefined,
    );
    await renderSignedIn(<Footer />);
    await waitFor(() =>
      expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Kedai Runcit Sdn Bhd ·`),
    );
  });

  it("shows the product's maker when the company has no name to give", async () => {
    let answered = false;
    stubServer((call) => {
      if (!call.url.endsWith('/company/Format')) return undefined;
      answered = true;
      return ok({ name: null, currency: null, timezone: 'UTC' });
    });
    await renderSignedIn(<Footer />);
    await waitFor(() => expect(answered).toBe(true));
    expect(screen.getByRole('contentinfo')).toHaveTextContent(COMPANY_NAME);
  });
});
