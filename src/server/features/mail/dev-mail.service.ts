import type { UserRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { readFolder, type StoredMail } from './mail.transport.ts';

function present(mail: StoredMail) {
  const { userId: _userId, ...shown } = mail;
  return shown;
}

/**
 * The development mail page's reads of the mail folder. A person sees only mail addressed to them,
 * as in a real inbox, even on a development server shared by a team.
 */
export function createDevMail(deps: { dir: string }) {
  return {
    async list(user: UserRow) {
      return { mails: (await readFolder(deps.dir, user.id)).map(present) };
    },

    async one(user: UserRow, id: string) {
      const everyone = await readFolder(deps.dir, null);
      const mail = everyone.find((m) => m.id === id);
      if (!mail) throw notFound('No mail with this id was written by this server.');
      if (mail.userId !== user.id) throw forbidden('This mail was sent to someone else.');
      return present(mail);
    },
  };
}
export type DevMail = ReturnType<typeof createDevMail>;
