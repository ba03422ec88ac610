import type { WebModule } from '../screens/webModule';

/** Online ordering: the order board in place of the orders' list, a webhook's form with its delivery log. */
export const onlineModule: WebModule = {
  name: 'online',
  lists: { onlinesalesorder: () => import('./OrderBoard') },
  forms: { webhook: () => import('./WebhookForm') },
};
