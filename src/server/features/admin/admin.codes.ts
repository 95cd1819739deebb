import { AdminInputError } from './admin.errors.ts';
import type { AdminDeps, PromoCode } from './admin.ports.ts';
import { day, money, table } from './admin.text.ts';

/** The options `codes` takes, as parsed from the command line. */
export interface CodesOptions {
  percent?: string | undefined;
  'amount-off'?: string | undefined;
  max?: string | undefined;
  expires?: string | undefined;
  reason?: string | undefined;
}

/** A code is a word a learner types: letters and digits, any case (all Stripe accepts in a code). */
const CODE_PATTERN = /^[A-Z0-9]{3,40}$/;
/** Large enough for any campaign, small enough that a typo of a few more digits is caught. */
const MAX_USES = 1_000_000;

/** `codes create|list|end`: one line for the terminal, or the list. */
export async function codesCommand(
  deps: AdminDeps,
  words: readonly string[],
  options: CodesOptions,
): Promise<string> {
  const [action, word] = words;
  const given = Object.entries(options).filter(([, v]) => v !== undefined);
  if (action === 'list' && words.length === 1) {
    if (given.length > 0) throw new AdminInputError('codes list takes no options (see --help).');
    return listCodes(deps);
  }
  if (action === 'end' && words.length === 2) {
    const stray = given.find(([name]) => name !== 'reason');
    if (stray) throw new AdminInputError(`codes end does not take --${stray[0]} (see --help).`);
    return endCode(deps, parseCode(word), reasonOf(options.reason));
  }
  if (action === 'create' && words.length === 2) return createCode(deps, parseCode(word), options);
  throw new AdminInputError(
    'Use "codes create CODE", "codes list" or "codes end CODE" (see --help).',
  );
}

function parseCode(text: string | undefined): string {
  const code = (text ?? '').trim().toUpperCase();
  if (!CODE_PATTERN.test(code)) {
    throw new AdminInputError(`"${text ?? ''}" is not a code: use 3 to 40 letters and digits.`);
  }
  return code;
}

/** The reason is optional for codes (the campaign usually says it all); the audit still says so. */
function reasonOf(text: string | undefined): string {
  const reason = text?.trim() ?? '';
  if (reason.length > 500) throw new AdminInputError('--reason is limited to 500 characters.');
  return reason === '' ? 'no reason given' : reason;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) {
    throw new AdminInputError(`--${name} must be a whole number, not "${text}".`);
  }
  const value = Number(text.trim());
  if (value < min || value > max) {
    throw new AdminInputError(`--${name} must be from ${min} to ${max} (got ${value}).`);
  }
  return value;
}

/** The discount: exactly one of a percentage (1-99) or dollars off below the price. */
function parseDiscount(
  options: CodesOptions,
  priceCents: number,
): { percentOff: number | null; amountOffCents: number | null } {
  const { percent, 'amount-off': amountOff } = options;
  if ((percent === undefined) === (amountOff === undefined)) {
    throw new AdminInputError('Give exactly one of --percent N or --amount-off DOLLARS.');
  }
  if (percent !== undefined) {
    // 100% would be a free order: that is a complimentary grant (grant EMAIL), not a code.
    return { percentOff: wholeNumber('percent', percent, 1, 99), amountOffCents: null };
  }
  const text = (amountOff ?? '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    throw new AdminInputError(
      `--amount-off must be dollars like 100 or 99.50, not "${amountOff}".`,
    );
  }
  const cents = Math.round(Number(text) * 100);
  if (cents <= 0 || cents >= priceCents) {
    throw new AdminInputError(
      `--amount-off must be more than 0 and less than the price, ${money(priceCents, 'usd')}.`,
    );
  }
  return { percentOff: null, amountOffCents: cents };
}

/** --expires YYYY-MM-DD: the code works through that day (UTC), so it ends at the next midnight. */
function parseExpiry(text: string | undefined, now: Date): string | null {
  if (text === undefined) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const date = match ? new Date(`${text.trim()}T00:00:00.000Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text.trim()) {
    throw new AdminInputError(`--expires must be a date like 2026-12-31, not "${text}".`);
  }
  const end = new Date(date.getTime() + 24 * 60 * 60 * 1000);
  if (end <= now) throw new AdminInputError(`--expires ${text.trim()} is already past.`);
  return end.toISOString();
}

function describe(code: Pick<PromoCode, 'percent_off' | 'amount_off_cents'>): string {
  return code.percent_off !== null
    ? `${code.percent_off}% off`
    : `${money(code.amount_off_cents ?? 0, 'usd')} off`;
}

async function createCode(deps: AdminDeps, code: string, options: CodesOptions): Promise<string> {
  const now = deps.clock.now();
  const discount = parseDiscount(options, deps.priceCents);
  const maxUses = options.max === undefined ? null : wholeNumber('max', options.max, 1, MAX_USES);
  const expiresAt = parseExpiry(options.expires, now);
  const reason = reasonOf(options.reason);
  if (await deps.promoCodes.find(code)) {
    throw new AdminInputError(`The code ${code} already exists; codes are never reused.`);
  }
  // The provider's coupon first: if it cannot be made, nothing is recorded here (exit 1); if our
  // insert then fails, a retry reuses the same coupon through its idempotency key.
  const atProvider = deps.promotions.create
    ? await deps.promotions.create({
        code,
        ...discount,
        currency: deps.currency,
        maxUses,
        expiresAt,
      })
    : null;
  const details = [
    describe({ percent_off: discount.percentOff, amount_off_cents: discount.amountOffCents }),
    maxUses === null ? 'no limit' : `at most ${maxUses} uses`,
    expiresAt === null ? 'no end date' : `through ${options.expires?.trim() ?? ''}`,
    atProvider ? `Stripe ${atProvider.promotionCodeId}` : 'demo driver',
  ].join(', ');
  await deps.transaction(async (tx) => {
    const inserted = await tx.promoCodes.insert({
      code,
      ...discount,
      maxUses,
      expiresAt,
      createdAt: now.toISOString(),
      reason,
      stripeCouponId: atProvider?.couponId ?? null,
      stripePromotionCodeId: atProvider?.promotionCodeId ?? null,
    });
    if (!inserted)
      throw new AdminInputError(`The code ${code} already exists; codes are never reused.`);
    await tx.audit.insert(codeEntry(deps, 'codes create', code, details, reason));
  });
  return `Created ${code}: ${details}.`;
}

async function endCode(deps: AdminDeps, code: string, reason: string): Promise<string> {
  const found = await deps.promoCodes.find(code);
  if (!found) throw new AdminInputError(`There is no code ${code}.`);
  if (found.ended_at) throw new AdminInputError(`${code} already ended on ${day(found.ended_at)}.`);
  const now = deps.clock.now().toISOString();
  // Stripe's hosted page refuses it too from now on; our table refuses it at the grant regardless.
  if (found.stripe_promotion_code_id && deps.promotions.end) {
    await deps.promotions.end(found.stripe_promotion_code_id);
  }
  const details = `ended after ${found.uses} uses`;
  await deps.transaction(async (tx) => {
    if (!(await tx.promoCodes.end(code, now))) {
      throw new AdminInputError(`${code} already ended.`);
    }
    await tx.audit.insert(codeEntry(deps, 'codes end', code, details, reason));
  });
  return `Ended ${code} (${details}).`;
}

/** Audit rows about a code name no learner: the code stands where the e-mail would be. */
function codeEntry(
  deps: AdminDeps,
  command: string,
  code: string,
  details: string,
  reason: string,
) {
  return {
    at: deps.clock.now().toISOString(),
    system_user: deps.systemUser,
    command,
    user_id: null,
    email: code,
    order_id: null,
    details,
    reason,
  };
}

async function listCodes(deps: AdminDeps): Promise<string> {
  const codes = await deps.promoCodes.listWithFigures();
  if (codes.length === 0) return 'No promotion codes yet (codes create CODE --percent N).';
  const now = deps.clock.now().toISOString();
  const status = (c: PromoCode) =>
    c.ended_at
      ? `ended ${day(c.ended_at)}`
      : c.expires_at !== null && c.expires_at <= now
        ? 'expired'
        : c.max_uses !== null && c.uses >= c.max_uses
          ? 'used up'
          : 'active';
  return table(
    ['CODE', 'DISCOUNT', 'USES', 'REMAINING', 'EXPIRES', 'STATUS', 'REVENUE'],
    codes.map((c) => [
      c.code,
      describe(c),
      String(c.uses),
      c.max_uses === null ? 'no limit' : String(Math.max(0, c.max_uses - c.uses)),
      // The last day it works, as the seller typed it.
      c.expires_at === null ? '-' : day(new Date(Date.parse(c.expires_at) - 1).toISOString()),
      status(c),
      money(c.revenueCents, deps.currency),
    ]),
  );
}
