import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkoutSessionIdSchema,
  createCheckoutBodySchema,
  createCheckoutReplySchema,
  demoCheckoutReplySchema,
  orderSuccessQuerySchema,
  orderSuccessReplySchema,
  redirectReplySchema,
  subscriptionReplySchema,
} from '#shared/api/billing.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type Guards } from '../access/guards.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { BillingService } from './billing.service.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

export interface BillingRoutesDeps {
  billing: BillingService;
  guards: Guards;
  /** The demo checkout's endpoints exist only when the demo driver is in use. */
  demo: boolean;
}

/**
 * Limits count per signed-in browser (its session cookie; the address for anonymous calls), so
 * people behind one shared address do not use up each other's allowance.
 */
const perSession = (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? request.ip;
/** Creating checkouts costs a call to the provider each time. */
const checkoutRateLimit = { max: 10, timeWindow: '1 minute', keyGenerator: perSession };
/** The success page may poll while a delayed payment method confirms. */
const lookupRateLimit = { max: 60, timeWindow: '1 minute', keyGenerator: perSession };
/** Stripe's event payloads are small; anything far larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const billingRoutes: RoutesPlugin<BillingRoutesDeps> = async (app, deps) => {
  app.post(
    '/create-checkout-session',
    {
      config: { rateLimit: checkoutRateLimit },
      schema: {
        summary:
          'Start checkout for a year of access (own account only); answers the session id and where to go',
        tags: ['billing'],
        body: createCheckoutBodySchema,
        response: {
          200: createCheckoutReplySchema,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          409: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const user = await deps.guards.user(request, reply);
      assertSelf(user, request.body.googleId);
      return deps.billing.startCheckout(user);
    },
  );

  app.get(
    '/api/order/success',
    {
      config: { rateLimit: lookupRateLimit },
      schema: {
        summary:
          'Confirm a finished checkout with the provider and grant access if it is paid (own orders only)',
        tags: ['billing'],
        querystring: orderSuccessQuerySchema,
        response: {
          200: orderSuccessReplySchema,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const user = await deps.guards.user(request, reply);
      return deps.billing.orderSuccess(user, request.query.session_id);
    },
  );

  app.get(
    '/api/subscription/:googleId',
    {
      schema: {
        summary: 'When the signed-in user’s access ends (own account only)',
        tags: ['billing'],
        params: z.object({ googleId: z.string().min(1).max(255) }),
        response: { 200: subscriptionReplySchema, 401: errorReply, 403: errorReply },
      },
    },
    async (request, reply) => {
      const user = await deps.guards.user(request, reply);
      assertSelf(user, request.params.googleId);
      return deps.billing.subscription(user);
    },
  );

  // The webhook reads the exact bytes Stripe signed, so only this route (in its own encapsulated
  // scope) replaces the JSON parser with one that keeps the raw body.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.post(
      '/api/stripe/webhook',
      {
        schema: {
          summary:
            'Stripe webhook: verified by signature; grants on paid checkouts, revokes on refunds and disputes',
          tags: ['billing'],
          response: {
            200: z.object({ received: z.literal(true), outcome: z.string() }),
            400: errorReply,
            404: errorReply,
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const outcome = await deps.billing.handleWebhook(
          Buffer.isBuffer(request.body) ? request.body : undefined,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const, outcome };
      },
    );
  });

  if (!deps.demo) return;

  const demoParams = z.object({ id: checkoutSessionIdSchema });

  app.get(
    '/api/demo-checkout/:id',
    {
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
    async (request, reply) => {
      const user = await deps.guards.user(request, reply);
      return deps.billing.demoCheckout(user, request.params.id);
    },
  );

  app.post(
    '/api/demo-checkout/:id/pay',
    {
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
    async (request, reply) => {
      const user = await deps.guards.user(request, reply);
      return deps.billing.demoPay(user, request.params.id);
    },
  );

  app.post(
    '/api/demo-checkout/:id/cancel',
    {
      schema: {
        summary: 'Demo checkout only: cancel; nothing is granted',
        tags: ['billing'],
        params: demoParams,
        response: { 200: redirectReplySchema, 401: errorReply, 403: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      const user = await deps.guards.user(request, reply);
      return deps.billing.demoCancel(user, request.params.id);
    },
  );
};
