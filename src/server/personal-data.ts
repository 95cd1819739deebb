import { adminPersonalData } from './features/admin/admin.personal-data.ts';
import { authPersonalData } from './features/auth/auth.personal-data.ts';
import { billingPersonalData } from './features/billing/billing.personal-data.ts';
import { certificatesPersonalData } from './features/certificates/certificates.personal-data.ts';
import { mailPersonalData } from './features/mail/mail.personal-data.ts';
import { progressPersonalData } from './features/progress/progress.personal-data.ts';
import { quizzesPersonalData } from './features/quizzes/quizzes.personal-data.ts';
import { reviewPersonalData } from './features/review/review.personal-data.ts';
import { rhythmPersonalData } from './features/rhythm/rhythm.personal-data.ts';
import type { PersonalDataOwner } from './platform/personal-data.ts';

/**
 * Every feature's declaration of the personal data it keeps (decision 0027), for the privacy
 * feature (buildApp) and the admin command (admin.ts). A feature that adds a table holding a user
 * id or an e-mail adds it to its declaration; personal-data.test.ts fails until it does. The
 * account (auth) comes last, so every other owner still sees the account while erasing.
 */
export const personalDataOwners: readonly PersonalDataOwner[] = [
  quizzesPersonalData,
  progressPersonalData,
  reviewPersonalData,
  rhythmPersonalData,
  certificatesPersonalData,
  billingPersonalData,
  mailPersonalData,
  adminPersonalData,
  authPersonalData,
];
