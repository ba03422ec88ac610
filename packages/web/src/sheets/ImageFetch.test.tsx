import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { IMAGE_FAILURES, type SheetJob } from '@backroom/schema';
import ms from '../../public/locales/ms/translations.json';
import { ok, renderSignedIn, stubServer } from '../test/app';
import { ImageFetch } from './ImageFetch';

describe('the images job’s status', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('tells a Malay user in Malay why each image was not fetched, with its values', async () => {
    const failed = [
      { product: 'TEE-1', url: 'https://cdn.example/tee.png', message: IMAGE_FAILURES.status({ status: 404 }) },
      { product: 'TEE-2', url: 'http://10.0.0.5/a.png', message: IMAGE_FAILURES.notPublic({ address: '10.0.0.5' }) },
      { product: 'TEE-3', url: 'https://cdn.example/big.png', message: IMAGE_FAILURES.tooLarge({ size: '5 MB' }) },
      { product: 'TEE-4', url: 'https://slow.example/a.png', message: IMAGE_FAILURES.noAnswer({ seconds: 15 }) },
    ];
    const job: Partial<SheetJob> = {
      jobId: 9,
      kind: 'images',
      status: 'succeeded',
      images: { products: 4, fetched: 0, skipped: 0, failed, failedCount: failed.length },
    };
    stubServer((call) => (call.url.includes('/9') ? ok(job) : undefined));
    await renderSignedIn(<ImageFetch jobId={9} />);
    await screen.findByText(/TEE-1/);
    i18n.addResourceBundle('ms', 'translations', ms);
    await i18n.changeLanguage('ms');
    await screen.findByText(/Alamat itu menjawab/);
    const items = (await screen.findAllByRole('listitem')).map((li) => li.textContent);
    expect(items).toEqual([
      'TEE-1: https://cdn.example/tee.png — Alamat itu menjawab dengan ralat (HTTP 404), bukan imej',
      'TEE-2: http://10.0.0.5/a.png — Alamat itu menuju ke rangkaian peribadi atau setempat (10.0.0.5); hanya alamat awam diambil',
      'TEE-3: https://cdn.example/big.png — Imej itu lebih besar daripada had muat naik 5 MB',
      'TEE-4: https://slow.example/a.png — Alamat itu tidak menjawab dalam 15 saat',
    ]);
  });
});
