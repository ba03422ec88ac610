import { RowRefused, type EntityHook } from '../../data/hooks';
import { validationError } from '../../http/envelope';

/** At most one supplier of a product is the preferred one (it heads the supplier dropdown). */
export const supplierMapping: EntityHook = {
  async beforeWriteMany(events) {
    for (const [index, { action, row }] of events.entries()) {
      if (action === 'delete' || !Array.isArray(row.supplierMapping)) continue;
      const preferred = (row.supplierMapping as { preferred?: boolean }[]).flatMap((m, i) => (m.preferred ? [i] : []));
      if (preferred.length > 1)
        throw new RowRefused(
          index,
          validationError([
            {
              field: `supplierMapping.${preferred[1]}.preferred`,
              message: 'Only one supplier can be the preferred one',
            },
          ]),
        );
    }
  },
};
