import { entities } from '@backroom/schema';
import { describe, expect, it } from 'vitest';
import { hooks, missingHooks } from './hooks';

describe('hooks', () => {
  it('implements only names the registry uses', () => {
    const used = new Set(entities.flatMap((e) => e.hooks));
    for (const name of Object.keys(hooks)) expect(used).toContain(name);
  });

  it('lists the registry hooks still without an implementation (their entities get the generic behaviour)', () => {
    expect(missingHooks()).toEqual([
      'voucher:voucherCodes',
      'printdeliveryorder:deliveryOrder',
      'appcommand:appCommand',
      'onlinemenusetup:publishMenu',
      'onlinesalesorder:onlineOrder',
      'webhook:webhookDelivery',
    ]);
  });
});
