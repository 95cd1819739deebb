import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CertificateStatus,
  OwnCertificate,
  PublicCertificate,
} from '#shared/api/certificates.schema.ts';
import { api, ApiError } from '#client/lib/api.ts';

const statusKey = ['certificate-status'] as const;

/** How far the signed-in learner is from the certificate, and the one they hold. */
export function useCertificateStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api<CertificateStatus>('/api/certificates/me', { signal }),
  });
}

export function useIssueCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api<OwnCertificate>('/api/certificates', { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useWithdrawCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<OwnCertificate>(`/api/certificates/${encodeURIComponent(id)}/withdraw`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** A certificate as anyone sees it; null when there is no certificate at that address. */
export function usePublicCertificate(id: string) {
  return useQuery({
    queryKey: ['certificate', id],
    queryFn: async ({ signal }) => {
      try {
        return await api<PublicCertificate>(`/api/certificates/${encodeURIComponent(id)}`, {
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          return null;
        }
        throw error;
      }
    },
  });
}
