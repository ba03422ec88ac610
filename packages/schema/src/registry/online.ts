import { entity, type MenuGroupDef } from './types';

const feature = 'onlineOrdering' as const;

export const online: MenuGroupDef = {
  key: 'online',
  label: 'Online ordering',
  icon: 'globe',
  screens: [
    entity('onlinesaleschannel', 'Sales channels', 'broadcast', { feature }),
    entity('orderingmenu', 'Ordering menus', 'journal-richtext', { feature }),
    entity('onlinemenusetup', 'Online menu setup', 'phone', { api: 'onlinemenu', feature }),
    entity('orderingsetup', 'Ordering setup', 'clock', { api: 'outletorderingsetting', feature }),
    entity('bannerdisplay', 'Banners', 'image', { feature }),
    entity('onlinesalesorder', 'Online orders', 'bag-check', { feature }),
    entity('posorderintegration', 'Order integrations', 'diagram-2', { feature }),
    entity('webhook', 'Webhooks', 'send'),
    entity('guestbook', 'Guest book', 'journal-text'),
  ],
};
