import type { DomainModule } from '../module';
import { authJobKinds } from './jobs';

/** Sign-in's background work: reset mails off the request path, the hourly purge of expired rows. */
export const authModule: DomainModule = {
  name: 'auth',
  jobs: authJobKinds,
};
