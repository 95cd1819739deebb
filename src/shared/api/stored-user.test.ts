import { describe, expect, it } from 'vitest';
import { readStoredUser } from './stored-user.ts';
import { apiUserSchema } from './user.schema.ts';

const base = {
  _id: 'u1',
  googleId: 'g1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  picture: null,
};

const samples: unknown[] = [
  base,
  { ...base, picture: 'https://lh3.googleusercontent.com/a.png' },
  { ...base, stripeSubscriptionId: 'cs_123' },
  { ...base, extra: 'dropped' },
  { ...base, stripeSubscriptionId: 42 },
  { ...base, picture: undefined },
  { ...base, name: undefined },
  { ...base, _id: 7 },
  { ...base, email: null },
  null,
  'user',
  [],
  42,
];

describe('readStoredUser', () => {
  it('accepts and shapes exactly what the API user schema does', () => {
    for (const sample of samples) {
      const parsed = apiUserSchema.safeParse(sample);
      expect(readStoredUser(sample), JSON.stringify(sample)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });
});
