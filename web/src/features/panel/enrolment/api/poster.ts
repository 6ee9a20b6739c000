import * as endpoints from '@punkto/contracts/endpoints/tenant';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

/** GET …/loyalty-programs/{programId}/poster: the A4 PDF as a Blob (the API client's binary bodies). */
export async function fetchPoster(tenantId: string, programId: string): Promise<Blob> {
  const body: unknown = await api.call(endpoints.getProgramPoster, { params: { id: tenantId, programId } });
  if (!(body instanceof Blob)) throw new Error('Serwer nie zwrócił pliku PDF.');
  return body;
}

export function useDownloadPoster(tenantId: string) {
  return useMutation({ mutationFn: (programId: string) => fetchPoster(tenantId, programId) });
}
