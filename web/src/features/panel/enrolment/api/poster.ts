import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

const tenantPath = (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}`;

/** GET …/loyalty-programs/{programId}/poster: the A4 PDF as a Blob (the API client's binary bodies). */
export async function fetchPoster(tenantId: string, programId: string): Promise<Blob> {
  const body = await api.get(
    `${tenantPath(tenantId)}/loyalty-programs/${encodeURIComponent(programId)}/poster`,
  );
  if (!(body instanceof Blob)) throw new Error('Serwer nie zwrócił pliku PDF.');
  return body;
}

export function useDownloadPoster(tenantId: string) {
  return useMutation({ mutationFn: (programId: string) => fetchPoster(tenantId, programId) });
}
