import { z } from 'zod';
import { subscriptionReplySchema } from '#shared/api/billing.schema.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import { apiUserSchema } from '#shared/api/user.schema.ts';
import { forbidden } from '../../platform/errors.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { toApiUser } from '../auth/user.presenter.ts';
import { assertSelf, type AccessHooks } from './access.hooks.ts';
import type { AccessService } from './access.service.ts';

const googleIdParams = z.object({ googleId: z.string().min(1).max(255) });

/** Who the signed-in user is and what they may open: the two look-ups every page makes on start. */
export const accessRoutes: RoutesPlugin<{ access: AccessService; hooks: AccessHooks }> = async (
  app,
  deps,
) => {
  app.get(
    '/api/user/:googleId',
    {
      preHandler: deps.hooks.requireUser,
      schema: {
        summary: 'The signed-in user (own account only)',
        tags: ['auth'],
        params: googleIdParams,
        response: { 200: apiUserSchema, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.googleId);
      const access = await deps.access.active(request.user.id);
      return toApiUser(request.user, access?.providerSessionId);
    },
  );

  app.get(
    '/api/subscription/:googleId',
    {
      preHandler: deps.hooks.requireUser,
      schema: {
        summary: 'When the signed-in user’s access ends (own account only)',
        tags: ['billing'],
        params: googleIdParams,
        response: { 200: subscriptionReplySchema, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => {
      assertSelf(request.user, request.params.googleId);
      const active = await deps.access.active(request.user.id);
      if (!active) {
        throw forbidden(
          'You have no active access. Buy a year of access on the pricing page.',
          'no_access',
        );
      }
      return {
        accessEndDate: active.accessEndsAt,
        promo: active.promoCode
          ? {
              code: active.promoCode,
              amountPaidCents: active.amountCents,
              listPriceCents: active.listPriceCents,
              currency: active.currency,
            }
          : null,
      };
    },
  );
};
