import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Times are ISO-8601 UTC strings (`Date.prototype.toISOString`): they sort and compare
 * correctly as text on both SQLite and PostgreSQL, so one query works on both engines.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  orders: OrdersTable;
  payment_events: PaymentEventsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_progress: QuizProgressTable;
  exercise_progress: ExerciseProgressTable;
  lesson_visits: LessonVisitsTable;
  auth_requests: AuthRequestsTable;
  mail_outbox: MailOutboxTable;
  admin_audit: AdminAuditTable;
  review_items: ReviewItemsTable;
  rhythm_settings: RhythmSettingsTable;
  study_days: StudyDaysTable;
  code_history: CodeHistoryTable;
  search_documents: SearchDocumentsTable;
  certificates: CertificatesTable;
  promo_codes: PromoCodesTable;
}

export interface UsersTable {
  id: string;
  google_id: string;
  name: string;
  email: string;
  picture: string | null;
  created_at: string;
  /** The last sign-in (the profile is refreshed from the identity provider then). */
  updated_at: string;
  /** Set when the retention rule made the account anonymous (features/privacy). */
  anonymized_at: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'canceled' | 'refunded' | 'disputed';
/** 'complimentary': access given by hand with the admin command, no money (migration 0006). */
export type OrderKind = 'purchase' | 'complimentary';

export interface OrdersTable {
  id: string;
  user_id: string;
  /** 'admin' for a complimentary grant, which went through no payment provider. */
  provider: 'stripe' | 'demo' | 'admin';
  /** The provider's checkout session id (Stripe `cs_...`). */
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
  kind: Generated<OrderKind>;
  /** The promotion code applied (migration 0010); `amount_cents` is then the discounted price. */
  promo_code: Generated<string | null>;
  /** The price before the code, when one was applied. */
  list_price_cents: Generated<number | null>;
  /** 1: a Stripe payment that landed after its code was used up (decision 0036). */
  promo_over_limit: Generated<number>;
}

/** A promotion code and its rules (migration 0010, decision 0036). */
export interface PromoCodesTable {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: string | null;
  ended_at: string | null;
  created_at: string;
  reason: string;
  stripe_coupon_id: string | null;
  stripe_promotion_code_id: string | null;
}
export type PromoCodeRow = Selectable<PromoCodesTable>;

export interface PaymentEventsTable {
  /** The provider's event id; recorded in the same transaction as the event's effect. */
  id: string;
  type: string;
  processed_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  user_id: string;
  quiz_id: string;
  score: number;
  answers: string;
  created_at: string;
}

/** The place reached in a quiz not yet submitted (features/quizzes, migration 0011). */
export interface QuizProgressTable {
  user_id: string;
  quiz_id: string;
  /** The question on screen, from 0. */
  question_index: number;
  /** JSON array of the chosen answer texts by question index, '' for none yet. */
  answers: string;
  updated_at: string;
}

export interface ExerciseProgressTable {
  user_id: string;
  exercise_id: string;
  code: string;
  solved_at: string | null;
  updated_at: string;
  /** When the server ran the check itself and it passed (migration 0008); null: the browser's word. */
  verified_at: string | null;
}

export interface LessonVisitsTable {
  user_id: string;
  module_number: number;
  first_visited_at: string;
  last_visited_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;

export interface AuthRequestsTable {
  state: string;
  code_verifier: string;
  nonce: string;
  return_to: string | null;
  action: string | null;
  /** Development sign-in only: the one-time code the local sign-in page issued, and who typed it. */
  dev_code: string | null;
  dev_profile: string | null;
  created_at: string;
  expires_at: string;
}

/** 'account_deleted': the one mail sent to an account after it is erased (decision 0027). */
export type MailKind = 'receipt' | 'reminder' | 'access_ended' | 'account_deleted';
/** pending (due at next_attempt_at), sending (claimed until claimed_until), sent, failed, canceled. */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'canceled';

/** Outgoing mail, owned by features/mail (migration 0005). */
export interface MailOutboxTable {
  id: string;
  /** What caused the mail, e.g. 'receipt:<order id>'; unique, so a cause queues one mail. */
  dedupe_key: string;
  kind: MailKind;
  user_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Every change made with the admin command (features/admin, migration 0006). */
export interface AdminAuditTable {
  id: string;
  at: string;
  /** The operating-system user who ran the command. */
  system_user: string;
  command: string;
  user_id: string | null;
  email: string;
  order_id: string | null;
  /** What changed, in words (e.g. 'access until 2027-03-01 -> 2027-03-31'). */
  details: string;
  reason: string;
}

/** A missed quiz question in a learner's review queue (features/review, migration 0007). */
export interface ReviewItemsTable {
  user_id: string;
  quiz_id: string;
  question_index: number;
  /** 0..3: the interval after the next right answer is 1, 3, 7 or 21 days (REVIEW_INTERVAL_DAYS). */
  stage: number;
  due_at: string;
  created_at: string;
  updated_at: string;
}

/** A learner's weekly goal and IANA time zone (features/rhythm, migration 0007). */
export interface RhythmSettingsTable {
  user_id: string;
  goal_days: number;
  time_zone: string;
  updated_at: string;
}

/** A day, in the learner's time zone, on which they studied (features/rhythm, migration 0007). */
export interface StudyDaysTable {
  user_id: string;
  /** YYYY-MM-DD in the learner's time zone at the time. */
  day: string;
  first_at: string;
}

/** One Check of an exercise: the code as it was (features/progress, migration 0007). */
export interface CodeHistoryTable {
  id: string;
  user_id: string;
  exercise_id: string;
  code: string;
  /** 1 when the Check passed, 0 when not (portable; SQLite has no boolean). */
  passed: number;
  created_at: string;
}

/**
 * The course search index, rebuilt from content/ at start-up (features/search, migration 0007):
 * an FTS5 table on SQLite, a table with a tsvector column (not listed: raw SQL fills it) on PostgreSQL.
 */
export interface SearchDocumentsTable {
  title: string;
  body: string;
  kind: string;
  href: string;
  module_number: number;
  label: string;
}

/** A certificate of completion a learner issued (features/certificates, migration 0008). */
export interface CertificatesTable {
  /** The public id in /certificates/{id}: 128 random bits, base64url. */
  id: string;
  user_id: string;
  /** The name the learner chose to print; blanked when withdrawn or revoked. */
  name: string;
  issued_at: string;
  withdrawn_at: string | null;
  revoked_at: string | null;
  revoked_reason: string | null;
  /** What it was issued for, as JSON (CertificateIssuedFor); null before migration 0012. */
  issued_for: string | null;
}
