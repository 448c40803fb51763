import { useQuery } from '@tanstack/react-query';
import type {
  FacilityDocFields,
  FacilityDocSignature,
  FacilityDocVersion,
  FacilityDocument,
  FacilityFilesFilter,
  FacilityInspections,
  FacilityInspectionsQuery,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';
import { UPLOAD_HANDLED_CODES } from '@/lib/files/api/uploadFiles';

/** Query keys of the facility document calls; an upload invalidates facilityDocsKey (checklist and library). */
export const facilityDocsKey = ['system', 'tenant', 'facilityDocs'] as const;

/** GET /api/system/tenant/getFacilityFileInspections: the home's document checklist with each item's status. */
export function getFacilityFileInspections(query: FacilityInspectionsQuery, signal?: AbortSignal): Promise<FacilityInspections> {
  const q: Record<string, string> = {};
  if (query.category) q.category = query.category;
  if (query.status) q.status = query.status;
  return api.get<FacilityInspections>('/system/tenant/getFacilityFileInspections', { query: q, signal });
}

export function useFacilityInspections(query: FacilityInspectionsQuery) {
  return useQuery({
    queryKey: [...facilityDocsKey, 'inspections', query],
    queryFn: ({ signal }) => getFacilityFileInspections(query, signal),
  });
}

/** POST /api/system/tenant/listFacilityFiles: the home's documents with every version, newest first. */
export function listFacilityFiles(filter: FacilityFilesFilter, signal?: AbortSignal): Promise<FacilityDocument[]> {
  return api.post<FacilityDocument[] | null>('/system/tenant/listFacilityFiles', filter, { signal }).then((l) => l ?? []);
}

export function useFacilityFiles(filter: FacilityFilesFilter, enabled = true) {
  return useQuery({
    queryKey: [...facilityDocsKey, 'files', filter],
    queryFn: ({ signal }) => listFacilityFiles(filter, signal),
    enabled,
  });
}

/**
 * POST /api/system/tenant/uploadFacilityInitFile (multipart): one file with its metadata; a document or
 * checklist item that has one already gets a new version. File limits (7008–7010) and field rules (4022)
 * are shown by the form.
 */
export function uploadFacilityInitFile(fields: FacilityDocFields, file: File): Promise<FacilityDocVersion> {
  const form = new FormData();
  form.append('category', fields.category);
  if (fields.requirementCode) form.append('requirementCode', fields.requirementCode);
  if (fields.documentId) form.append('documentId', fields.documentId);
  form.append('name', fields.name);
  if (fields.docType) form.append('docType', fields.docType);
  if (fields.signer) form.append('signer', fields.signer);
  if (fields.validFrom) form.append('validFrom', fields.validFrom);
  if (fields.expiresOn) form.append('expiresOn', fields.expiresOn);
  const flags = ['signaturesRequired', 'signaturesCompleted', 'renewal', 'complianceCheck', 'buildingSafetyException', 'isApprovalStep'] as const;
  for (const f of flags) form.append(f, String(Boolean(fields[f])));
  if (fields.signaturesRequired && fields.signerIds?.length) form.append('signerIds', fields.signerIds.join(','));
  form.append('files', file, file.name);
  return api.upload<FacilityDocVersion>('/system/tenant/uploadFacilityInitFile', form, { handles: UPLOAD_HANDLED_CODES });
}

/** GET /api/system/tenant/listFacilityDocSigners: who may be named to sign (the home's owners and admins). */
export function useFacilityDocSigners(enabled = true) {
  return useQuery({
    queryKey: [...facilityDocsKey, 'signers'],
    queryFn: ({ signal }) => api.get<FacilityDocSignature[] | null>('/system/tenant/listFacilityDocSigners', { signal }).then((l) => l ?? []),
    enabled,
    staleTime: 60_000,
  });
}

/** POST /api/system/tenant/signFacilityDocument: the caller signs a version they were named to sign. */
export function signFacilityDocument(versionId: string): Promise<FacilityDocVersion> {
  return api.post<FacilityDocVersion>('/system/tenant/signFacilityDocument', { versionId });
}

/** POST /api/system/tenant/approveFacilityDocument: an owner or admin approves an approval step once it is signed. */
export function approveFacilityDocument(versionId: string): Promise<FacilityDocVersion> {
  return api.post<FacilityDocVersion>('/system/tenant/approveFacilityDocument', { versionId });
}
