import { z } from 'zod';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import { devMailIdSchema, devMailListReplySchema, devMailSchema } from '#shared/api/mail.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { DevMail } from './dev-mail.service.ts';

/**
 * The development mail page's endpoints: registered only with the development mail driver (no SMTP
 * settings), which production refuses. Signed-in people read the mail sent to them.
 */
export const devMailRoutes: RoutesPlugin<{ devMail: DevMail; hooks: AccessHooks }> = async (
  app,
  deps,
) => {
  const preHandler = deps.hooks.requireUser;

  app.get(
    '/api/dev-mail',
    {
      preHandler,
      schema: {
        summary: 'Development mail only: the mails written for the signed-in person, newest first',
        tags: ['mail'],
        response: { 200: devMailListReplySchema, 401: errorReply },
      },
    },
    async (request) => deps.devMail.list(request.user),
  );

  app.get(
    '/api/dev-mail/:id',
    {
      preHandler,
      schema: {
        summary: 'Development mail only: one mail written for the signed-in person',
        tags: ['mail'],
        params: z.object({ id: devMailIdSchema }),
        response: { 200: devMailSchema, 401: errorReply, 403: errorReply, 404: errorReply },
      },
    },
    async (request) => deps.devMail.one(request.user, request.params.id),
  );
};
