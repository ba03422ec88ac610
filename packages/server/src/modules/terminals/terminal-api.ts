import { terminalStatusAnswer } from '@backroom/schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/types';
import { limitWrongGuesses } from '../auth/index';
import { requirePrivilege } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { parseBody } from '../../http/validate';
import { catalogue, catalogueAnswer, catalogueQuery } from './catalogue';
import { commandAck, heartbeatAnswer, pairAnswer, pendingCommand, reserveResult, saleResult } from './contracts';
import { ackBody, ackCommand, pendingCommands, takeCommands } from './commands';
import { pairBody, redeemPairingCode, requireTerminal, terminalAuth } from './pairing';
import { reserve, reserveBody } from './reserve';
import { recordSale, saleBody } from './sales';
import { terminalStatuses } from './status';
import { documented } from '../../http/openapi-contract';

const isInstant = (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) && !Number.isNaN(Date.parse(text));
const instant = z.string().trim().max(40).refine(isInstant, 'Must be a date and time (ISO 8601)');

const heartbeatBody = z.object({
  appVersion: z.string().trim().max(30).optional(),
  lastSyncAt: z.union([instant, z.null()]).optional(),
  unsentTransactions: z.number().int().min(0).max(1_000_000).optional(),
});

/**
 * What a terminal reports in a heartbeat, kept on its row (no version change: a form open on it
 * stays current); the terminal's pending commands as the answer.
 */
export async function recordHeartbeat(
  db: Kysely<Database>,
  terminalId: number,
  report: z.infer<typeof heartbeatBody>,
  now = new Date().toISOString(),
) {
  await db
    .updateTable('point_of_sale')
    .set({
      last_seen_at: now,
      ...(report.appVersion !== undefined ? { app_version: report.appVersion } : {}),
      ...(report.lastSyncAt !== undefined
        ? { last_sync_at: report.lastSyncAt && new Date(report.lastSyncAt).toISOString() }
        : {}),
      ...(report.unsentTransactions !== undefined ? { unsent_transactions: report.unsentTransactions } : {}),
    })
    .where('id', '=', terminalId)
    .execute();
  const answer: z.infer<typeof heartbeatAnswer> = { serverTime: now, commands: await pendingCommands(db, terminalId) };
  return answer;
}

/** `POST …/Heartbeat`: what the paired terminal reports. */
const heartbeat = (request: FastifyRequest) =>
  recordHeartbeat(
    request.server.ctx.db,
    requireTerminal(request).terminalId,
    parseBody(heartbeatBody, request.body ?? {}),
  );

/** The terminal API under `{api}/pointofsale`: Pair without a user, the rest with `Authorization: Terminal {token}`. */
export function registerTerminalRoutes(app: FastifyInstance, api: string): void {
  const base = `${api}/pointofsale`;
  const opts = { preHandler: terminalAuth };
  app.get(
    `${base}/Status`,
    {
      ...documented({
        summary: 'The terminals’ last heartbeats (a user with the terminal status screen)',
        answer: terminalStatusAnswer,
      }),
      preHandler: requirePrivilege('terminalstatus', 'view'),
    },
    async (request) => ok(await terminalStatuses(request)),
  );
  app.post(
    `${base}/Pair`,
    documented({
      summary: 'Pair a terminal with a one-time code: answers its token',
      auth: 'none',
      body: pairBody,
      answer: pairAnswer,
    }),
    async (request) => ok(await limitWrongGuesses(request, 'pairingcode', () => redeemPairingCode(request)), 'Paired'),
  );
  app.post(
    `${base}/Heartbeat`,
    {
      ...documented({
        summary: 'The terminal says it is alive',
        auth: 'terminal',
        body: heartbeatBody,
        answer: heartbeatAnswer,
      }),
      ...opts,
    },
    async (request) => ok(await heartbeat(request)),
  );
  app.get(
    `${base}/Catalogue`,
    {
      ...documented({
        summary: 'What the terminal sells, priced at its outlet',
        auth: 'terminal',
        query: catalogueQuery,
        answer: catalogueAnswer,
      }),
      ...opts,
    },
    async (request) => ok(await catalogue(request)),
  );
  app.post(
    `${base}/Sales`,
    {
      ...documented({
        summary: 'Record a sale or return as rung',
        auth: 'terminal',
        body: saleBody,
        headers: ['Idempotency-Key'],
        answer: saleResult,
      }),
      ...opts,
    },
    async (request) => {
      const { result, created } = await recordSale(request.server.ctx, requireTerminal(request), request.body);
      return ok(result, created ? 'Recorded' : 'Recorded already');
    },
  );
  app.post(
    `${base}/Reserve`,
    {
      ...documented({
        summary: 'Reserve a basket’s stock and vouchers before payment',
        auth: 'terminal',
        body: reserveBody,
        answer: reserveResult,
      }),
      ...opts,
    },
    async (request) => ok(await reserve(request), 'Reserved'),
  );
  app.get(
    `${base}/Commands`,
    {
      ...documented({
        summary: 'The commands waiting for the terminal',
        auth: 'terminal',
        answer: z.array(pendingCommand),
      }),
      ...opts,
    },
    async (request) => ok(await takeCommands(request)),
  );
  app.post<{ Params: { id: string } }>(
    `${base}/Commands/:id/Ack`,
    {
      ...documented({
        summary: 'The terminal reports a command done or failed',
        auth: 'terminal',
        body: ackBody,
        answer: commandAck,
      }),
      ...opts,
    },
    async (request) => ok(await ackCommand(request, request.params.id)),
  );
}
