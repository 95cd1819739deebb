import { randomBytes } from 'node:crypto';

/**
 * The stand-in's coupons and promotion codes (POST /v1/coupons, /v1/promotion_codes and their
 * update), enough for the admin command's codes create and end and for a session's discount.
 * Like Stripe, a repeated Idempotency-Key answers the first object again.
 */
export interface StandInCoupon {
  id: string;
  object: 'coupon';
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: string;
}

export interface StandInPromotionCode {
  id: string;
  object: 'promotion_code';
  code: string;
  active: boolean;
  max_redemptions: number | null;
  expires_at: number | null;
  promotion: { type: 'coupon'; coupon: string };
}

export interface StandInPromotions {
  coupons: Map<string, StandInCoupon>;
  codes: Map<string, StandInPromotionCode>;
  byKey: Map<string, StandInCoupon | StandInPromotionCode>;
}

export function newPromotions(): StandInPromotions {
  return { coupons: new Map(), codes: new Map(), byKey: new Map() };
}

const numberOrNull = (text: string | undefined) => (text === undefined ? null : Number(text));

/** Answers a coupon or promotion-code request, or null when the path is neither. */
export function handlePromotion(
  state: StandInPromotions,
  method: string,
  path: string,
  params: Record<string, string>,
  idempotencyKey: string | undefined,
): { status: number; body: unknown } | null {
  if (method !== 'POST') return null;
  const cached = idempotencyKey ? state.byKey.get(`${path} ${idempotencyKey}`) : undefined;
  if (cached) return { status: 200, body: cached };
  const remember = <T extends StandInCoupon | StandInPromotionCode>(made: T) => {
    if (idempotencyKey) state.byKey.set(`${path} ${idempotencyKey}`, made);
    return { status: 200, body: made };
  };
  if (path === '/v1/coupons') {
    const coupon: StandInCoupon = {
      id: `coupon_${randomBytes(8).toString('hex')}`,
      object: 'coupon',
      name: params.name ?? null,
      percent_off: numberOrNull(params.percent_off),
      amount_off: numberOrNull(params.amount_off),
      currency: params.currency ?? null,
      duration: params.duration ?? 'once',
    };
    state.coupons.set(coupon.id, coupon);
    return remember(coupon);
  }
  if (path === '/v1/promotion_codes') {
    const coupon = params['promotion[coupon]'] ?? '';
    if (!state.coupons.has(coupon)) {
      return missing(`No such coupon: '${coupon}'`);
    }
    const code: StandInPromotionCode = {
      id: `promo_${randomBytes(8).toString('hex')}`,
      object: 'promotion_code',
      code: params.code ?? '',
      active: true,
      max_redemptions: numberOrNull(params.max_redemptions),
      expires_at: numberOrNull(params.expires_at),
      promotion: { type: 'coupon', coupon },
    };
    state.codes.set(code.id, code);
    return remember(code);
  }
  const update = /^\/v1\/promotion_codes\/([^/]+)$/.exec(path);
  if (update?.[1]) {
    const code = state.codes.get(decodeURIComponent(update[1]));
    if (!code) return missing(`No such promotion code: '${update[1]}'`);
    if (params.active !== undefined) code.active = params.active === 'true';
    return { status: 200, body: code };
  }
  return null;
}

function missing(message: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message, code: 'resource_missing' } },
  };
}

/** The session's total after a promotion code, as Stripe works it out. */
export function discounted(
  state: StandInPromotions,
  promotionCodeId: string,
  subtotal: number,
): { total: number; discounts: { coupon: string; promotion_code: string }[] } | null {
  const code = state.codes.get(promotionCodeId);
  const coupon = code ? state.coupons.get(code.promotion.coupon) : undefined;
  if (!code || !coupon || !code.active) return null;
  const off =
    coupon.percent_off !== null
      ? Math.round((subtotal * coupon.percent_off) / 100)
      : (coupon.amount_off ?? 0);
  return {
    total: Math.max(0, subtotal - off),
    discounts: [{ coupon: coupon.id, promotion_code: code.id }],
  };
}
