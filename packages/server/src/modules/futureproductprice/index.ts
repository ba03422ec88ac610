import type { DomainModule } from '../module';
import { applyFuturePrices } from './apply-future-prices';
import { futurePrice } from './future-price';

const HOUR = 60 * 60 * 1000;

/** Future product prices: pending rows change only while pending, and a job applies them on their date. */
export const futurePriceModule: DomainModule = {
  name: 'futureproductprice',
  entities: { futureproductprice: futurePrice },
  jobs: {
    applyFuturePrices: {
      privilege: { screen: 'futureproductprice', action: 'edit' },
      everyMs: HOUR,
      run: ({ server, log, progress }) => applyFuturePrices(server, log, progress),
    },
  },
};
