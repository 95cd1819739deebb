import { describe, expect, it } from 'vitest';
import { isPagePath, pageRoutes, pages } from './routes.ts';

describe('the route table', () => {
  it('lists each path once', () => {
    expect(new Set(pageRoutes).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.page)).size).toBe(pages.length);
  });

  it('knows the pages, their parameters, and nothing else', () => {
    for (const path of [
      '/',
      '/pricing',
      '/pricing/',
      '/article/what-is-python',
      '/dashboard/lessons/module1',
      '/dashboard/lessons/module15',
      '/dashboard/quiz/comparisons-and-logic',
      '/demo-checkout/cs_123',
    ])
      expect(isPagePath(path), path).toBe(true);
    for (const path of [
      '/nope',
      '/article',
      '/article/a/b',
      '/dashboard/lessons/module0',
      '/dashboard/lessons/module16',
      '/dashboard/lessons/lesson1',
      '/dashboard/quiz',
    ])
      expect(isPagePath(path), path).toBe(false);
  });
});
