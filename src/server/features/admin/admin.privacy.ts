import { learnerByEmail, parseReason } from './admin.changes.ts';
import { AdminInputError } from './admin.errors.ts';
import type { AdminDeps } from './admin.ports.ts';

/**
 * `export EMAIL`: everything held about one learner as one JSON document, built by the same owners
 * the keeping-periods job erases through (decision 0027). Printed, to be redirected to a file.
 */
export async function exportLearner(deps: AdminDeps, email: string | undefined): Promise<string> {
  const learner = await learnerByEmail(deps, email);
  const document = await deps.personalData.exportOf(learner.id, deps.clock.now().toISOString());
  return JSON.stringify(document, null, 2);
}

/**
 * `erase EMAIL --reason TEXT`: the learner's data erased through every owner and the audit row, in
 * one transaction. Orders stay (7 years) with no name or e-mail on the account; the certificate
 * stays public unless --withdraw-certificate. The audit row carries no e-mail: it would be the one
 * copy left.
 */
export async function eraseLearner(
  deps: AdminDeps,
  email: string | undefined,
  options: { reason: string | undefined; withdrawCertificate: boolean },
): Promise<string> {
  const reason = parseReason(options.reason);
  const learner = await learnerByEmail(deps, email);
  const now = deps.clock.now().toISOString();
  const certificate = options.withdrawCertificate ? 'certificate withdrawn' : 'certificate kept';
  const erased = await deps.transaction(async (tx) => {
    if (!(await tx.erase(learner.id, { now, withdrawCertificate: options.withdrawCertificate }))) {
      return false;
    }
    await tx.audit.insert({
      at: now,
      system_user: deps.systemUser,
      command: 'erase',
      user_id: learner.id,
      email: '',
      order_id: null,
      details: `account erased, orders kept, ${certificate}`,
      reason,
    });
    return true;
  });
  if (!erased) throw new AdminInputError(`The account of "${learner.email}" is already erased.`);
  return `Erased the account of ${learner.email} (${learner.id}): ${certificate}, orders kept without name or e-mail.`;
}
