// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_DATA_GLOBAL } from '#shared/early-data.ts';
import { dropEarlyAnswers, takeEarlyAnswer } from './early-data.ts';

const store = window as unknown as Record<string, unknown>;
const answer = (body: string) => Promise.resolve(new Response(body));

afterEach(() => {
  store[EARLY_DATA_GLOBAL] = undefined;
});

describe('the early answers the app shell asked for (decision 0021)', () => {
  it('hands each answer out once, to the first request of its URL', async () => {
    store[EARLY_DATA_GLOBAL] = new Map([['/api/lessons/module3', answer('lesson')]]);
    const first = takeEarlyAnswer('/api/lessons/module3');
    expect(await (await first)?.text()).toBe('lesson');
    expect(takeEarlyAnswer('/api/lessons/module3')).toBeUndefined();
    expect(takeEarlyAnswer('/api/lessons/module4')).toBeUndefined();
  });

  it('drops what nobody took once the learner moves on', () => {
    store[EARLY_DATA_GLOBAL] = new Map([['/api/progress', answer('progress')]]);
    dropEarlyAnswers();
    expect(takeEarlyAnswer('/api/progress')).toBeUndefined();
  });

  it('does nothing on a page the shell asked nothing for', () => {
    expect(takeEarlyAnswer('/api/progress')).toBeUndefined();
    expect(() => dropEarlyAnswers()).not.toThrow();
  });
});
