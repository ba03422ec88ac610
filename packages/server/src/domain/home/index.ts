import type { DomainModule } from '../../modules/module';
import { authenticate } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { homeSummary } from './summary';

/** Home: `GET {api}/home/Summary`, every figure of the Home screen in one request (README). */
export const homeModule: DomainModule = {
  name: 'home',
  routes: (app, at) => {
    app.get(`${at.api}/home/Summary`, { preHandler: authenticate }, async (request) => ok(await homeSummary(request)));
  },
};
