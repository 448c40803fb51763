import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CreateOrganisationRequest,
  DeleteOrganisationRequest,
  MoveHomeRequest,
  OrganisationDetail,
  OrganisationFilter,
  OrganisationRow,
  Page,
  PageRequest,
  RenameOrganisationRequest,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** Query keys of the super admin's organisation calls. */
export const organizationsKey = ['system', 'organization'] as const;

/** POST /api/system/organization/listByPage (super admin): organisations by name, with their homes and people counted. */
export function listOrganizations(req: PageRequest<OrganisationFilter>, signal?: AbortSignal): Promise<Page<OrganisationRow>> {
  return api
    .post<Page<OrganisationRow> | null>('/system/organization/listByPage', req, { signal })
    .then((page) => page ?? { records: [], total: 0, current: req.current, size: req.size });
}

export function useOrganizations(req: PageRequest<OrganisationFilter>, enabled = true) {
  return useQuery({
    queryKey: [...organizationsKey, 'list', req],
    queryFn: ({ signal }) => listOrganizations(req, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/system/organization/detail: its homes and the people of its homes. */
export function useOrganizationDetail(organisationId: string) {
  return useQuery({
    queryKey: [...organizationsKey, 'detail', organisationId],
    queryFn: ({ signal }) => api.get<OrganisationDetail>('/system/organization/detail', { query: { organisationId }, signal }),
  });
}

export function createOrganization(req: CreateOrganisationRequest): Promise<OrganisationRow> {
  return api.post<OrganisationRow>('/system/organization/create', req);
}

export function renameOrganization(req: RenameOrganisationRequest): Promise<OrganisationRow> {
  return api.post<OrganisationRow>('/system/organization/rename', req);
}

/** POST /api/system/organization/moveHome: the home goes to another organisation (answers that organisation). */
export function moveHome(req: MoveHomeRequest): Promise<OrganisationDetail> {
  return api.post<OrganisationDetail>('/system/organization/moveHome', req);
}

/** POST /api/system/organization/delete: an organisation with no home (deleted homes count) goes; otherwise 4009 naming its homes. */
export function deleteOrganization(req: DeleteOrganisationRequest): Promise<null> {
  return api.post<null>('/system/organization/delete', req);
}
