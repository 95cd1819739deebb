import { describe, expect, it } from 'vitest';
import { draftIds, readDraft, removeDraft, startingPoint, writeDraft } from './drafts.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

const saved = (code: string, updatedAt: string, solved = false) => ({
  exerciseId: 'm01-e1-x',
  code,
  solved,
  solvedAt: solved ? updatedAt : null,
  updatedAt,
});

describe('drafts', () => {
  it('stores, lists and removes drafts, ignoring broken entries', () => {
    const store = memoryStorage();
    writeDraft(store, 'm01-e1-x', { code: 'a', check: { browserPassed: true }, at: 5 });
    store.setItem('indent:exercise-draft:m01-e2-y', '{broken');
    store.setItem('other', 'x');
    expect(readDraft(store, 'm01-e1-x')).toEqual({
      code: 'a',
      check: { browserPassed: true },
      at: 5,
    });
    // A draft kept before issue 30 (solved: true) is a Check to send again.
    store.setItem('indent:exercise-draft:m01-e3-z', '{"code":"b","solved":true,"at":6}');
    expect(readDraft(store, 'm01-e3-z')).toEqual({
      code: 'b',
      check: { browserPassed: true },
      at: 6,
    });
    expect(readDraft(store, 'm01-e2-y')).toBeUndefined();
    expect(draftIds(store).sort()).toEqual(['m01-e1-x', 'm01-e2-y', 'm01-e3-z']);
    removeDraft(store, 'm01-e1-x');
    expect(readDraft(store, 'm01-e1-x')).toBeUndefined();
  });

  it('opens the starter, the saved code, or a newer draft', () => {
    expect(startingPoint('start', undefined, undefined)).toEqual({
      code: 'start',
      solved: false,
      fromDraft: false,
    });
    const server = saved('server', '2026-03-01T12:00:00.000Z', true);
    expect(startingPoint('start', server, undefined)).toMatchObject({
      code: 'server',
      solved: true,
    });
    const older = { code: 'old draft', at: Date.parse('2026-03-01T11:00:00.000Z') };
    expect(startingPoint('start', server, older)).toMatchObject({
      code: 'server',
      fromDraft: false,
    });
    const newer = { code: 'new draft', at: Date.parse('2026-03-01T13:00:00.000Z') };
    expect(startingPoint('start', server, newer)).toEqual({
      code: 'new draft',
      solved: true,
      fromDraft: true,
    });
    expect(startingPoint('start', undefined, newer)).toMatchObject({ code: 'new draft' });
  });
});
