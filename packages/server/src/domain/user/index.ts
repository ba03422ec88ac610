import type { DomainModule } from '../../modules/module';
import { userAccount } from './user-account';

/** Users: credentials kept beside the row, sessions ended when an account is switched off. */
export const userModule: DomainModule = {
  name: 'user',
  entities: { user: userAccount },
};
