import { settingValueProblem } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import { validationError } from '../../http/envelope';

/** The `appsetting` rows written through the generic API: each value as its key and group want it (settingValueProblem), a blank one stored as ''. */
export const appSettingRules: EntityHook = {
  async beforeWrite({ trx, action, id, row }) {
    if (action === 'delete') return;
    const stored =
      id === null
        ? undefined
        : await trx
            .selectFrom('app_setting')
            .select(['group_id', 'key', 'value'])
            .where('id', '=', id)
            .executeTakeFirst();
    const groupId = (row.group as number | undefined) ?? stored?.group_id;
    const key = (row.key as string | undefined) ?? stored?.key;
    // Validation reads a blank text as null; the column holds '' for no value.
    const blanked = 'value' in row && row.value === null;
    const value = blanked ? '' : ((row.value as string | undefined) ?? stored?.value ?? '');
    const problem =
      groupId === undefined || key === undefined ? null : settingValueProblem(Number(groupId), key, value);
    if (problem) throw validationError([{ field: 'value', message: problem }]);
    return blanked ? { value: '' } : undefined;
  },
};
