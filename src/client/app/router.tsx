import type { RouteObject } from 'react-router';
import { SiteLayout } from './layouts/site-layout.tsx';
import { RouteError } from './route-error.tsx';
import { RequireSubscriber } from '#client/features/auth/require-subscriber.tsx';

/**
 * The route table of SPEC section 2. Each page is loaded on demand so a visitor downloads only the
 * page in front of them.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        lazy: async () => ({
          Component: (await import('#client/features/home/home-page.tsx')).HomePage,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({
          Component: (await import('#client/features/legal/privacy-page.tsx')).PrivacyPage,
        }),
      },
      {
        path: '/terms-and-conditions',
        lazy: async () => ({
          Component: (await import('#client/features/legal/terms-page.tsx')).TermsPage,
        }),
      },
      {
        path: '/articles',
        lazy: async () => ({
          Component: (await import('#client/features/articles/articles-page.tsx')).ArticlesPage,
        }),
      },
      {
        path: '/article/:slug',
        lazy: async () => ({
          Component: (await import('#client/features/articles/article-page.tsx')).ArticlePage,
        }),
      },
      {
        // Pages that fetch data get TanStack Query; the static pages above never download it.
        lazy: async () => ({
          Component: (await import('./query-layout.tsx')).QueryLayout,
        }),
        children: [
          {
            path: '/login',
            lazy: async () => ({
              Component: (await import('#client/features/auth/login-page.tsx')).LoginPage,
            }),
          },
          {
            path: '/pricing',
            lazy: async () => ({
              Component: (await import('#client/features/billing/pricing-page.tsx')).PricingPage,
            }),
          },
          {
            path: '/payment-success',
            lazy: async () => ({
              Component: (await import('#client/features/billing/payment-success-page.tsx'))
                .PaymentSuccessPage,
            }),
          },
          {
            path: '/demo-checkout/:id',
            lazy: async () => ({
              Component: (await import('#client/features/billing/demo-checkout-page.tsx'))
                .DemoCheckoutPage,
            }),
          },
          {
            element: <RequireSubscriber />,
            children: [
              {
                path: '/account-details',
                lazy: async () => ({
                  Component: (await import('#client/features/billing/account-details-page.tsx'))
                    .AccountDetailsPage,
                }),
              },
              {
                path: '/dashboard',
                lazy: async () => ({
                  Component: (await import('#client/features/courses/dashboard-page.tsx'))
                    .DashboardPage,
                }),
              },
              {
                path: '/dashboard/lessons/:module',
                lazy: async () => ({
                  Component: (await import('#client/features/courses/lesson-page.tsx')).LessonPage,
                }),
              },
              {
                path: '/dashboard/quiz/:quizTitle',
                lazy: async () => ({
                  Component: (await import('#client/features/courses/quiz-page.tsx')).QuizPage,
                }),
              },
            ],
          },
          {
            path: '/dev-login',
            lazy: async () => ({
              Component: (await import('#client/features/auth/dev-login-page.tsx')).DevLoginPage,
            }),
          },
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
