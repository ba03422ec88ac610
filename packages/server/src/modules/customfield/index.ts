import type { DomainModule } from '../module';
import { customField } from './custom-field';
import { customFieldDemoSeed } from './demo-seed';

/** Custom fields: the keys and kinds an entity may be extended with. */
export const customFieldModule: DomainModule = {
  name: 'customfield',
  entities: { customfield: customField },
  seed: customFieldDemoSeed,
};
