import type { DomainModule } from '../module';
import { customField } from './custom-field';

/** Custom fields: the keys and kinds an entity may be extended with. */
export const customFieldModule: DomainModule = {
  name: 'customfield',
  entities: { customfield: customField },
};
