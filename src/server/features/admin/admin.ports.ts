import type { MailStatus, OrderKind, OrderStatus } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditEntry, NewAuditEntry } from './audit.repo.ts';

/*
 * What the admin command needs of other features, in its own words (decision 0011). Each interface
 * is satisfied structurally by another feature's repo or service, wired in src/server/admin.ts; no
 * file here imports another feature.
 */

/** A learner's account (auth's users). */
export interface Learner {
  id: string;
  name: string;
  email: string;
  created_at: string;
  anonymized_at: string | null;
}

export interface LearnerDirectory {
  /** Accounts using this e-mail, any case. */
  findByEmail(email: string): Promise<Learner[]>;
  /** Accounts whose name or e-mail contains the text; every account without one. */
  search(text: string | undefined, limit?: number): Promise<Learner[]>;
}

/** An order as billing keeps it. */
export interface Order {
  id: string;
  user_id: string;
  kind: OrderKind;
  provider: string;
  provider_session_id: string;
  payment_intent_id: string | null;
  status: OrderStatus;
  amount_cents: number;
  currency: string;
  created_at: string;
  paid_at: string | null;
  access_ends_at: string | null;
  revoked_at: string | null;
  revoke_reason: string | null;
  /** The promotion code used (decision 0036); `amount_cents` is then the discounted price. */
  promo_code: string | null;
  list_price_cents: number | null;
  /** 1: paid at Stripe after the code was used up or ended, so not counted as a use. */
  promo_over_limit: number;
}

export interface OrderReader {
  /** One learner's orders, newest first; every order when no user is named. */
  listOrders(userId?: string): Promise<Order[]>;
}

/** Billing's order changes by hand, bound to the command's transaction. */
export interface OrderChanges extends OrderReader {
  insertComplimentary(input: {
    id: string;
    userId: string;
    at: string;
    accessEndsAt: string;
    currency: string;
  }): Promise<void>;
  /** False if the order was revoked or unpaid meanwhile. */
  setAccessEnd(orderId: string, accessEndsAt: string): Promise<boolean>;
  /** False if it was already revoked. */
  revokeByHand(input: { orderId: string; reason: string; at: string }): Promise<boolean>;
}

/** The refund event a provider without webhooks hands back (billing's charge.refunded event). */
export interface RefundEvent {
  id: string;
  providerType: string;
  type: 'charge.refunded';
  paymentIntentId: string | null;
  fullyRefunded: boolean;
  amountRefunded: number;
}

/** The payments driver's refund (billing). */
export interface RefundGateway {
  readonly kind: string;
  /**
   * Refunds the payment in full. `event` is set when no webhook will follow (the demo driver):
   * the command applies it through billing's webhook code itself. Throws AdminInputError when the
   * provider refuses.
   */
  refund(params: {
    paymentIntentId: string;
    orderId: string;
    amountCents: number;
  }): Promise<{ refundId: string; event: RefundEvent | null }>;
}

/** A promotion code as billing keeps it (migration 0010), with its paid orders' figures. */
export interface PromoCode {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  max_uses: number | null;
  uses: number;
  expires_at: string | null;
  ended_at: string | null;
  created_at: string;
  stripe_promotion_code_id: string | null;
}

export interface PromoCodeReader {
  find(code: string): Promise<PromoCode | undefined>;
  listWithFigures(): Promise<(PromoCode & { paidOrders: number; revenueCents: number })[]>;
}

/** Billing's promotion codes, changed in the command's transaction. */
export interface PromoCodeChanges {
  /** False if the code already exists. */
  insert(input: {
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
    maxUses: number | null;
    expiresAt: string | null;
    createdAt: string;
    reason: string;
    stripeCouponId: string | null;
    stripePromotionCodeId: string | null;
  }): Promise<boolean>;
  /** False if it was already ended. */
  end(code: string, at: string): Promise<boolean>;
}

/** The payments driver's promotion codes (Stripe's coupons); the demo driver has neither. */
export interface PromotionGateway {
  create?(params: {
    code: string;
    percentOff: number | null;
    amountOffCents: number | null;
    currency: string;
    maxUses: number | null;
    expiresAt: string | null;
  }): Promise<{ couponId: string; promotionCodeId: string }>;
  end?(promotionCodeId: string): Promise<void>;
}

/** What one transaction of the command can do: change orders, end access, write the audit row. */
export interface AdminTx {
  orders: OrderChanges;
  promoCodes: PromoCodeChanges;
  audit: { insert(entry: NewAuditEntry): Promise<void> };
  /** Ends access exactly as a refund webhook does (billing's grants), in this transaction. */
  applyRefundEvent(event: RefundEvent): Promise<{ outcome: string; revokedUserId?: string }>;
  /**
   * Erases the learner's personal data through every owner (the privacy feature, decision 0027),
   * in this transaction. False when the account was already erased.
   */
  erase(userId: string, options: { now: string; withdrawCertificate: boolean }): Promise<boolean>;
}

/** Every owner's rows about one learner, as one document (the privacy feature's export). */
export interface PersonalDataExport {
  exportOf(userId: string, exportedAt: string): Promise<Record<string, unknown>>;
}

/** Learning records (progress's lesson visits and exercises, quizzes' attempts). */
export interface LearningRecords {
  lessonVisits(userId: string): Promise<{ moduleNumber: number; lastVisitedAt: string }[]>;
  solvedExercises(userId: string): Promise<{ exerciseId: string; solvedAt: string }[]>;
  bestScores(userId: string): Promise<{ quizId: string; bestScore: number }[]>;
  everyLessonVisit(): Promise<{ userId: string; moduleNumber: number; at: string }[]>;
  everySolvedExercise(): Promise<{ userId: string; exerciseId: string; at: string }[]>;
  everyAttempt(): Promise<QuizAttempt[]>;
}

export interface QuizAttempt {
  userId: string;
  quizId: string;
  score: number;
  answers: readonly string[];
  createdAt: string;
}

/** The course as the figures need it (from the loaded content). */
export interface CourseOutline {
  modules: readonly { number: number; title: string }[];
  /** Exercise ids per module number. */
  exerciseIds: ReadonlyMap<number, readonly string[]>;
  /** Every quiz in course order. */
  quizzes: readonly OutlineQuiz[];
}

export interface OutlineQuiz {
  slug: string;
  title: string;
  moduleNumber: number;
  questions: readonly { questionText: string; answers: readonly string[]; correct: number }[];
}

/** One mail as the outbox keeps it (mail's outbox), without its text. */
export interface OutgoingMail {
  id: string;
  kind: string;
  to_address: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** The outbox, read only (mail's outbox repo). */
export interface MailLog {
  /** The newest `limit` mails, of one status and to one address (any case) when given. */
  list(filter: { status?: MailStatus; email?: string; limit: number }): Promise<OutgoingMail[]>;
}

export interface AdminDeps {
  learners: LearnerDirectory;
  orders: OrderReader;
  learning: LearningRecords;
  mail: MailLog;
  personalData: PersonalDataExport;
  payments: RefundGateway;
  promoCodes: PromoCodeReader;
  promotions: PromotionGateway;
  audit: {
    list(): Promise<AuditEntry[]>;
    latestFor(command: string, orderId: string): Promise<AuditEntry | undefined>;
  };
  /** Runs `work` in one database transaction (the change and its audit row commit together). */
  transaction<T>(work: (tx: AdminTx) => Promise<T>): Promise<T>;
  /** Access ended for this user and the change has committed (the access feature forgets its memo). */
  onAccessRevoked(userId: string): void;
  /** Loaded only by the commands that need it (it takes about a second). */
  course(): Promise<CourseOutline>;
  clock: Clock;
  /** The operating-system user running the command, for the audit. */
  systemUser: string;
  /** The currency of complimentary orders (the site's). */
  currency: string;
  /** The course's list price, which an amount-off code must stay below. */
  priceCents: number;
}
