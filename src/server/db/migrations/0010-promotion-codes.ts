import type { Kysely } from 'kysely';

// A migration works on the database as it is at that point in history, not on today's table types.
type AnyDb = Kysely<unknown>;

/**
 * Promotion codes (issue 38, decision 0036).
 *
 * `promo_codes`: our own record of each code and its rules, the source of truth at checkout and at
 * the grant. Exactly one of `percent_off` and `amount_off_cents` is set. `uses` counts paid orders
 * that used the code, raised only by the grant with a conditional update, so `max_uses` holds even
 * when two payments land at once. `expires_at` is the first instant the code no longer works.
 * `stripe_*` name the coupon and promotion code made at Stripe for it (null with the demo driver).
 *
 * `orders.promo_code` and `orders.list_price_cents`: the code applied to the order and the price
 * before it (`amount_cents` stays the price paid). `promo_over_limit` marks a paid Stripe order
 * whose code was used up by the time its payment landed (decision 0036): granted at the price paid,
 * but not counted, so the seller sees it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('stripe_coupon_id', 'varchar(255)')
    .addColumn('stripe_promotion_code_id', 'varchar(255)')
    .execute();
  await db.schema.alterTable('orders').addColumn('promo_code', 'varchar(40)').execute();
  await db.schema.alterTable('orders').addColumn('list_price_cents', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('promo_over_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('promo_over_limit').execute();
  await db.schema.alterTable('orders').dropColumn('list_price_cents').execute();
  await db.schema.alterTable('orders').dropColumn('promo_code').execute();
  await db.schema.dropTable('promo_codes').execute();
}
