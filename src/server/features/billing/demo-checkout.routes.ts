import { z } from 'zod';
import {
  checkoutSessionIdSchema,
  demoCheckoutReplySchema,
  demoPromoBodySchema,
  redirectReplySchema,
} from '#shared/api/billing.schema.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { DemoCheckout } from './demo-checkout.service.ts';

/** The local checkout page's endpoints: registered only when the demo payments driver is in use. */
export const demoCheckoutRoutes: RoutesPlugin<{ demo: DemoCheckout; hooks: AccessHooks }> = async (
  app,
  deps,
) => {
  const preHandler = deps.hooks.requireUser;

  const demoParams = z.object({ id: checkoutSessionIdSchema });

  app.get(
    '/api/demo-checkout/:id',
    {
      preHandler,
      schema: {
        summary: 'Demo checkout only: the order summary shown on the local checkout page',
        tags: ['billing'],
        params: demoParams,
        response: {
          200: demoCheckoutReplySchema,
          401: errorReply,
          403: errorReply,
          404: errorReply,
        },
      },
    },
    async (request) => deps.demo.view(request.user, request.params.id),
  );

  app.post(
    '/api/demo-checkout/:id/pay',
    {
      preHandler,
      schema: {
        summary:
          'Demo checkout only: pay, which grants access through the same code as a Stripe webhook',
        tags: ['billing'],
        params: demoParams,
        response: {
          200: redirectReplySchema,
          401: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => deps.demo.pay(request.user, request.params.id),
  );

  await app.register(promoRoute, deps);

  app.post(
    '/api/demo-checkout/:id/cancel',
    {
      preHandler,
      schema: {
        summary: 'Demo checkout only: cancel; nothing is granted',
        tags: ['billing'],
        params: demoParams,
        response: { 200: redirectReplySchema, 401: errorReply, 403: errorReply, 404: errorReply },
      },
    },
    async (request) => deps.demo.cancel(request.user, request.params.id),
  );
};

/** The page's "Promotion code" field; limited, so codes cannot be guessed by trying many. */
const promoRoute: RoutesPlugin<{ demo: DemoCheckout; hooks: AccessHooks }> = async (app, deps) => {
  app.post(
    '/api/demo-checkout/:id/promo',
    {
      preHandler: deps.hooks.requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary:
          'Demo checkout only: apply a promotion code to the checkout (the same rules as with Stripe)',
        tags: ['billing'],
        params: z.object({ id: checkoutSessionIdSchema }),
        body: demoPromoBodySchema,
        response: {
          200: demoCheckoutReplySchema,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => deps.demo.applyPromo(request.user, request.params.id, request.body.code),
  );
};
