import { MENU_ID, SETTING_GROUP, menuGroupDto, topMenuEntry, type TopMenuEntry } from '@backroom/schema';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { authenticate, requireAuth } from '../../http/auth-guard';
import { ApiError, ok } from '../../http/envelope';
import { buildSetupMenu } from './setup-menu';
import { documented } from '../../http/openapi-contract';

export function registerMenuRoutes(app: FastifyInstance, apiPrefix: string): void {
  const { db } = app.ctx;

  app.get<{ Params: { id: string } }>(
    `${apiPrefix}/AppModule/GetMenu/:id`,
    {
      ...documented({ summary: 'The setup menu of the caller’s privileges', answer: z.array(menuGroupDto) }),
      preHandler: authenticate,
    },
    async (request) => {
      if (request.params.id !== String(MENU_ID.setup)) throw new ApiError(404, 'Menu not found');
      const auth = requireAuth(request);
      return ok(await buildSetupMenu(db, auth.roleActive ? auth.roleId : null));
    },
  );

  app.get(
    `${apiPrefix}/AppModule/GetTopMenu`,
    { ...documented({ summary: 'The top menu', answer: z.array(topMenuEntry) }), preHandler: authenticate },
    async () => {
      const rows = await db
        .selectFrom('app_setting')
        .select(['key', 'value'])
        .where('group_id', '=', SETTING_GROUP.topMenu)
        .orderBy('id')
        .execute();
      const data: TopMenuEntry[] = rows.map((r) => ({ route: r.value, menuText: r.key }));
      return ok(data);
    },
  );
}
