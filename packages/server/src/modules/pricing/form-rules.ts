import { DOCUMENT_REFUSALS } from '@backroom/schema';
import type { EntityHook } from '../../data/hooks';
import { ApiError } from '../../http/envelope';

/** The refusal of a code held by either promotion kind, by the holder's entity name. */
const KINDS: Record<string, (v: { code: string }) => string> = {
  promotion: DOCUMENT_REFUSALS.codeOfPromotion,
  newpromotion: DOCUMENT_REFUSALS.codeOfRule,
};

/**
 * Promotion codes are unique across both kinds: every code is claimed in `promotion_code`, whose
 * primary key refuses a second claim — also when two saves race — and the loser gets a 409 naming
 * the field and who holds the code.
 */
export function uniquePromotionCode(name: 'promotion' | 'newpromotion'): EntityHook {
  return {
    async beforeWrite({ trx, action, id, row }) {
      if (action === 'delete' || (action === 'update' && !('code' in row))) {
        if (action === 'delete')
          await trx.deleteFrom('promotion_code').where('entity', '=', name).where('row_id', '=', id).execute();
        return;
      }
      const code = String(row.code);
      if (id !== null)
        await trx.deleteFrom('promotion_code').where('entity', '=', name).where('row_id', '=', id).execute();
      const claimed = await trx
        .insertInto('promotion_code')
        .values({ code, entity: name, row_id: id ?? 0 })
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 1) return;
      const holder = await trx
        .selectFrom('promotion_code')
        .select(['entity'])
        .where('code', '=', code)
        .executeTakeFirst();
      const message = (KINDS[String(holder?.entity)] ?? DOCUMENT_REFUSALS.codeOfPromotion)({ code });
      throw new ApiError(409, message, [{ field: 'code', message }]);
    },
    async afterWrite({ trx, action, id, after }) {
      if (action === 'insert')
        await trx
          .updateTable('promotion_code')
          .set({ row_id: id })
          .where('code', '=', String(after!.code))
          .where('entity', '=', name)
          .execute();
    },
  };
}
