import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSessionsReply,
  DeleteAccountBody,
  DeleteAccountReply,
} from '#shared/api/account.schema.ts';
import type { CertificateStatus } from '#shared/api/certificates.schema.ts';
import { api } from '#client/lib/api.ts';

/** GET /api/account/export answers the file itself; a plain link downloads it (decision 0027). */
export const EXPORT_PATH = '/api/account/export';

const sessionsKey = ['account-sessions'] as const;

/** How many other sessions (devices, browsers) the learner has. */
export function useOtherSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api<AccountSessionsReply>('/api/account/sessions', { signal }),
    retry: false,
  });
}

/** Ends every session but this one; the count then reads 0 without asking again. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<AccountSessionsReply>('/api/account/sessions/end-others', { method: 'POST' }),
    onSuccess: () => queryClient.setQueryData<AccountSessionsReply>(sessionsKey, { others: 0 }),
  });
}

/**
 * Whether the learner holds a public certificate, so the deletion form asks about it only then.
 * The same address and key as the dashboard's certificate panel, which may have fetched it already.
 */
export function useHeldCertificate() {
  return useQuery({
    queryKey: ['certificate-status'],
    queryFn: ({ signal }) => api<CertificateStatus>('/api/certificates/me', { signal }),
    retry: false,
    select: (status) => status.certificate,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<DeleteAccountReply>('/api/account/delete', { method: 'POST', body }),
  });
}
