import { ProgramList } from '@punkto/contracts/programs';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../../lib/api/api-client';

const tenantPath = (tenantId: string) => `/tenants/${encodeURIComponent(tenantId)}`;

/** GET /tenants/{id}/loyalty-programs: every member of the staff may read them (for the links). */
export function enrolmentProgramsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenants', tenantId, 'loyalty-programs'] as const,
    queryFn: ({ signal }) =>
      api.get(`${tenantPath(tenantId)}/loyalty-programs`, { schema: ProgramList, signal }),
  });
}

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
