import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createCheckoutBodySchema,
  createCheckoutReplySchema,
  orderSuccessQuerySchema,
  orderSuccessReplySchema,
} from '#shared/api/billing.schema.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import { assertSelf, type AccessHooks } from '../access/access.hooks.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { Grants } from './grants.service.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';

export interface BillingRoutesDeps {
  checkout: CheckoutService;
  grants: Grants;
  hooks: AccessHooks;
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
      preHandler: deps.hooks.requireUser,
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
          404: errorReply,
          409: errorReply,
          503: errorReply,
        },
      },
    },
    async (request) => {
      assertSelf(request.user, request.body.googleId);
      return deps.checkout.startCheckout(request.user, request.body.promoCode);
    },
  );

  app.get(
    '/api/order/success',
    {
      config: { rateLimit: lookupRateLimit },
      preHandler: deps.hooks.requireUser,
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
    async (request) => deps.checkout.orderSuccess(request.user, request.query.session_id),
  );

  await app.register(webhookRoute, { grants: deps.grants });
};

// The webhook reads the exact bytes Stripe signed, so only this route (in its own encapsulated
// scope) replaces the JSON parser with one that keeps the raw body.
const webhookRoute: RoutesPlugin<{ grants: Grants }> = async (scope, deps) => {
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
      const outcome = await deps.grants.handleWebhook(
        Buffer.isBuffer(request.body) ? request.body : undefined,
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const, outcome };
    },
  );
};
