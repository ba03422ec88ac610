import { findEntity } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import type { Row } from '../../data/store';
import { typedDb } from '../../db/types';
import { validationError } from '../../http/envelope';

const fail = (field: string, message: string) => validationError([{ field, message }], message);

/**
 * A custom field extends an entity that accepts them, under a key that is neither one of the entity's
 * own fields nor an inherited object property (the values live in a JSON object keyed by it); a list
 * field names the list-value category its values come from.
 */
export const customField: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    if (action === 'delete') return;
    const stored: Row =
      id === null
        ? {}
        : ((await typedDb(trx)
            .selectFrom('custom_field')
            .select(['entity', 'key', 'kind', 'list_value_category_id as listValueCategory'])
            .where('id', '=', id)
            .executeTakeFirst()) ?? {});
    const value = (name: string) => (name in row ? row[name] : stored[name]);

    const target = findEntity(String(value('entity')));
    if (!target?.customizable) throw fail('entity', `${String(value('entity'))} does not accept custom fields`);
    const key = String(value('key'));
    if (target.fields.some((f) => f.name === key && !f.custom) || key in Object.prototype || key === 'customFields')
      throw fail('key', `${key} is already a field of ${target.name}: choose another key`);
    if (value('kind') === 'list' && (value('listValueCategory') === null || value('listValueCategory') === undefined))
      throw fail('listValueCategory', 'A list field needs a list value category');
  },
};
