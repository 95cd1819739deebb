import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { pages, type PageGate, type PageId } from '#shared/routes.ts';
import { SiteLayout } from './layouts/site-layout.tsx';
import { RouteError } from './route-error.tsx';
import { RequireSubscriber } from '#client/features/auth/require-subscriber.tsx';

/**
 * The module of each page of the shared route table, loaded on demand so a visitor downloads only
 * the page in front of them. A `Record` over PageId: a page added to the table without a module
 * here (or a module for a page that is gone) does not compile.
 */
const pageModules: Record<PageId, () => Promise<ComponentType>> = {
  home: async () => (await import('#client/features/home/home-page.tsx')).HomePage,
  privacy: async () => (await import('#client/features/legal/privacy-page.tsx')).PrivacyPage,
  terms: async () => (await import('#client/features/legal/terms-page.tsx')).TermsPage,
  articles: async () => (await import('#client/features/articles/articles-page.tsx')).ArticlesPage,
  article: async () => (await import('#client/features/articles/article-page.tsx')).ArticlePage,
  login: async () => (await import('#client/features/auth/login-page.tsx')).LoginPage,
  pricing: async () => (await import('#client/features/billing/pricing-page.tsx')).PricingPage,
  'payment-success': async () =>
    (await import('#client/features/billing/payment-success-page.tsx')).PaymentSuccessPage,
  'demo-checkout': async () =>
    (await import('#client/features/billing/demo-checkout-page.tsx')).DemoCheckoutPage,
  'account-details': async () =>
    (await import('#client/features/billing/account-details-page.tsx')).AccountDetailsPage,
  dashboard: async () =>
    (await import('#client/features/courses/dashboard-page.tsx')).DashboardPage,
  lesson: async () => (await import('#client/features/courses/lesson-page.tsx')).LessonPage,
  quiz: async () => (await import('#client/features/courses/quiz-page.tsx')).QuizPage,
  review: async () => (await import('#client/features/courses/review-page.tsx')).ReviewPage,
  project: async () => (await import('#client/features/courses/project-page.tsx')).ProjectPage,
  'dev-login': async () => (await import('#client/features/auth/dev-login-page.tsx')).DevLoginPage,
  certificate: async () =>
    (await import('#client/features/certificates/certificate-page.tsx')).CertificatePage,
  'dev-mail': async () => (await import('#client/features/mail/dev-mail-page.tsx')).DevMailPage,
};

/** The routes of the table's pages behind one gate, in table order. */
function pageRoutesFor(gate: PageGate): RouteObject[] {
  return pages
    .filter((route) => route.gate === gate)
    .map(({ path, page }) => ({
      path,
      lazy: async () => ({ Component: await pageModules[page]() }),
    }));
}

/** The router's routes: the table's pages nested in their layouts, then the not-found page. */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      ...pageRoutesFor('public'),
      {
        // Pages that fetch data get TanStack Query; the static pages above never download it.
        lazy: async () => ({
          Component: (await import('./query-layout.tsx')).QueryLayout,
        }),
        children: [
          ...pageRoutesFor('data'),
          { element: <RequireSubscriber />, children: pageRoutesFor('subscriber') },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('#client/features/not-found/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];
