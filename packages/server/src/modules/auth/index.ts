import type { DomainModule } from '../module';
import { authJobKinds } from './jobs';
import { registerAuthRoutes } from './routes';
export { clearFailures, isKeyOfUser, userKey } from './lockout';
export { newPasswordProblem } from './password-policy';
export { limitWrongGuesses } from './rate-limit';
export { revokeUserSessions } from './sessions';

/** Sign-in, sessions, lockout, two-factor and password reset; its background work: reset mails off the request path, the hourly purge of expired rows. */
export const authModule: DomainModule = {
  name: 'auth',
  jobs: authJobKinds,
  routes: (app, at) => registerAuthRoutes(app, at.api),
};
