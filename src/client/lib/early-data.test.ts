// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_DATA_GLOBAL } from '#shared/early-data.ts';
import { dropEarlyAnswers, keepEarlyAnswers, takeEarlyAnswer } from './early-data.ts';

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

  it('takes answers started after a drawn page’s paint beside the shell’s, each once', async () => {
    keepEarlyAnswers(new Map([['/api/exercise-progress', answer('progress')]]));
    expect(await (await takeEarlyAnswer('/api/exercise-progress'))?.text()).toBe('progress');
    store[EARLY_DATA_GLOBAL] = new Map([['/api/lessons/module3', answer('lesson')]]);
    keepEarlyAnswers(new Map([['/api/exercise-progress', answer('saved code')]]));
    expect(await (await takeEarlyAnswer('/api/lessons/module3'))?.text()).toBe('lesson');
    expect(await (await takeEarlyAnswer('/api/exercise-progress'))?.text()).toBe('saved code');
    expect(takeEarlyAnswer('/api/exercise-progress')).toBeUndefined();
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
