import { homeSummary as homeSummaryAnswer } from '@backroom/schema';
import { authenticate } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import type { DomainModule } from '../module';
import { rollUp } from './rollup';
import { homeSummary, outletZones, SECTION_SCREENS } from './summary';
import { documented } from '../../http/openapi-contract';

const MINUTE = 60_000;

/** Home: `GET {api}/home/Summary`, every figure of the Home screen in one request, and the product rollup it reads (README). */
export const homeModule: DomainModule = {
  name: 'home',
  jobs: {
    homeRollup: {
      privilege: { screen: SECTION_SCREENS.posSales, action: 'view' },
      everyMs: MINUTE,
      run: async ({ ctx }) => {
        return { mark: await rollUp(ctx.db, await outletZones(ctx.db), new Date()) };
      },
    },
  },
  routes: (app, at) => {
    app.get(
      `${at.api}/home/Summary`,
      {
        ...documented({ summary: 'The Home screen’s figures for the caller’s outlets', answer: homeSummaryAnswer }),
        preHandler: authenticate,
      },
      async (request) => ok(await homeSummary(request)),
    );
  },
};
