import { z } from 'zod';
import {
  certificateParamsSchema,
  certificateStatusSchema,
  issueCertificateBodySchema,
  ownCertificateSchema,
  publicCertificateSchema,
} from '#shared/api/certificates.schema.ts';
import { errorReplySchema as errorReply } from '#shared/api/error.schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { RoutesPlugin } from '../../platform/fastify.ts';
import type { AccessHooks } from '../access/access.hooks.ts';
import type { createCertificatePage } from './certificate.page.ts';
import type { CertificatesService } from './certificates.service.ts';

export interface CertificatesRoutesDeps {
  certificates: CertificatesService;
  page: ReturnType<typeof createCertificatePage>;
  hooks: AccessHooks;
}

const errors = { 400: errorReply, 401: errorReply, 403: errorReply };

/** The learner's own side: progress towards the certificate, issuing it, withdrawing it. */
const ownRoutes: RoutesPlugin<CertificatesRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/certificates/me',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary: 'How far the signed-in subscriber is from a certificate, and the one they hold',
        tags: ['certificates'],
        response: { 200: certificateStatusSchema, ...errors },
      },
    },
    async (request) => deps.certificates.status(request.user),
  );

  app.post(
    '/api/certificates',
    {
      preHandler: deps.hooks.requireSubscriber,
      schema: {
        summary:
          'Issue the certificate with the chosen name (every exercise server-checked, every quiz >= 70%)',
        tags: ['certificates'],
        body: issueCertificateBodySchema,
        response: { 201: ownCertificateSchema, ...errors, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await deps.certificates.issue(request.user.id, request.body.name)),
  );

  app.post(
    '/api/certificates/:id/withdraw',
    {
      // Signed in is enough: a learner whose year of access has ended may still withdraw.
      preHandler: deps.hooks.requireUser,
      schema: {
        summary: 'Withdraw your certificate: its page then says so and no longer shows your name',
        tags: ['certificates'],
        params: certificateParamsSchema,
        response: { 200: ownCertificateSchema, ...errors, 404: errorReply },
      },
    },
    async (request) => deps.certificates.withdraw(request.user.id, request.params.id),
  );
};

/** The public side: anyone with the address, signed in or not. */
const publicRoutes: RoutesPlugin<CertificatesRoutesDeps> = async (app, deps) => {
  app.get(
    '/api/certificates/:id',
    {
      schema: {
        summary: 'A certificate as its public page shows it (no sign-in)',
        tags: ['certificates'],
        params: certificateParamsSchema,
        response: { 200: publicCertificateSchema, 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      // Asked afresh each time: a withdrawal must take the name off the page at once.
      reply.header('cache-control', 'no-cache');
      return deps.certificates.publicView(request.params.id);
    },
  );

  app.get(
    '/certificates/:id',
    {
      schema: { hide: true, params: z.object({ id: z.string().max(200) }) },
    },
    async (request, reply) => {
      if (!deps.page.built) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The client app has not been built yet: run `npm run build`.');
      }
      const found = certificateParamsSchema.safeParse(request.params).success
        ? await deps.certificates.publicView(request.params.id).catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 404) return undefined;
            throw error;
          })
        : undefined;
      return reply
        .status(found ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(deps.page.html(found));
    },
  );
};

export const certificatesRoutes: RoutesPlugin<CertificatesRoutesDeps> = async (app, deps) => {
  await app.register(ownRoutes, deps);
  await app.register(publicRoutes, deps);
};
