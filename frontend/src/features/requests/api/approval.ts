import type { ApplicationForm, ApprovalQuery } from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** GET /api/care/applicationForm/approval (owner/admin): approve, or refuse with a comment. */
export function approval(query: ApprovalQuery): Promise<ApplicationForm> {
  return api.get<ApplicationForm>('/care/applicationForm/approval', { query: { ...query }, handles: ['4022'] });
}
