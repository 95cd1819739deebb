import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import {
  accountSessionsReplySchema,
  deleteAccountBodySchema,
  deleteAccountReplySchema,
  type DeleteAccountBody,
} from '#shared/api/account.schema.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { PersonalData } from './personal-data.service.ts';

/** The mail confirming a deletion, queued on the erasing transaction (the mail feature's). */
export interface FarewellQueue {
  queueFarewell(
    tx: Kysely<Database>,
    person: { userId: string; email: string; name: string; certificateKept: boolean; at: string },
  ): Promise<void>;
}

export interface AccountRoutesDeps {
  db: Db;
  clock: Clock;
  hooks: AccessHooks;
  sessions: Sessions;
  personalData: PersonalData;
  farewell: FarewellQueue;
}

const errors = { 400: errorReply, 401: errorReply };
const tags = ['account'];

/** The learner's own data: download it, end other sessions, delete the account (decision 0027). */
export const accountRoutes: RoutesPlugin<AccountRoutesDeps> = async (app, deps) => {
  const preHandler = deps.hooks.requireUser;

  app.get(
    '/api/account/export',
    {
      preHandler,
      schema: {
        summary: 'Everything held about the signed-in learner, as a JSON download',
        tags,
        response: { 200: z.record(z.string(), z.unknown()), ...errors },
      },
    },
    async (request, reply) => {
      const at = deps.clock.now().toISOString();
      const document = await deps.personalData.exportOf(deps.db, request.user.id, at);
      reply.header(
        'content-disposition',
        `attachment; filename="indent-data-${at.slice(0, 10)}.json"`,
      );
      return document;
    },
  );

  app.get(
    '/api/account/sessions',
    {
      preHandler,
      schema: {
        summary: 'How many other sessions (devices, browsers) the learner has',
        tags,
        response: { 200: accountSessionsReplySchema, ...errors },
      },
    },
    async (request) => ({ others: await deps.sessions.countOthers(request, request.user.id) }),
  );

  app.post(
    '/api/account/sessions/end-others',
    {
      preHandler,
      schema: {
        summary: 'Sign out everywhere else: ends every session but this one',
        tags,
        response: { 200: accountSessionsReplySchema, ...errors },
      },
    },
    async (request, reply) => ({
      others: await deps.sessions.endAll(request, reply, request.user.id, true),
    }),
  );

  app.post(
    '/api/account/delete',
    {
      preHandler,
      schema: {
        summary:
          'Delete the account now: ends every session, erases its data, mails a confirmation',
        tags,
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, request, reply, request.body);
      return { deleted: true as const, signOut: true as const };
    },
  );
};

/** Checks the typed e-mail, ends every session, then erases and queues the farewell in one go. */
async function deleteAccount(
  deps: AccountRoutesDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  body: DeleteAccountBody,
): Promise<void> {
  const user = request.user;
  if (body.email.toLowerCase() !== user.email.trim().toLowerCase()) {
    throw badRequest(
      'The e-mail address does not match this account; type it exactly to confirm.',
      'email_mismatch',
    );
  }
  const withdrawCertificate = body.certificate === 'withdraw';
  // Sessions first (and forgotten from memory), so no request of this account starts meanwhile.
  await deps.sessions.endAll(request, reply, user.id, false);
  const at = deps.clock.now().toISOString();
  // Erasing twice changes nothing and the mail's key keeps it to one, so a second request that
  // slipped in before its session ended does no harm; after that, it is not signed in (401).
  await deps.db.transaction().execute(async (trx) => {
    await deps.personalData.erase(trx, [user.id], { now: at, withdrawCertificate });
    await deps.farewell.queueFarewell(trx, {
      userId: user.id,
      email: user.email,
      name: user.name,
      certificateKept: !withdrawCertificate,
      at,
    });
  });
}
