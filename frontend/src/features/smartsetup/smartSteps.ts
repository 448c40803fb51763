// Smart setup's screens (spec 000 §2 /resident-management/batch-upload/{step}, "batch setup with job details"):
// upload → progress → review → done. The batch id is in the query, so a reload resumes where it was.
export const SMART_STEPS = ['upload', 'progress', 'review', 'done'] as const;
export type SmartStep = (typeof SMART_STEPS)[number];

export const SMART_PATH = '/resident-management/batch-upload';

export const SMART_STEP_KEYS = {
  upload: 'smartsetup.step.upload',
  progress: 'smartsetup.step.progress',
  review: 'smartsetup.step.review',
  done: 'smartsetup.step.done',
} as const;

export function isSmartStep(value: string | undefined): value is SmartStep {
  return value !== undefined && (SMART_STEPS as readonly string[]).includes(value);
}

/** The step a URL shows: an unknown one is the upload; without a batch there is only the upload. */
export function shownStep(requested: string | undefined, batchId: string): SmartStep {
  if (!batchId || !isSmartStep(requested)) return 'upload';
  return requested;
}

/** A step's URL, with the batch and (review) the group, the wizard's step and its resident. */
export function smartUrl(step: SmartStep, batchId: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (batchId) q.set('batchId', batchId);
  for (const [k, v] of Object.entries(extra)) if (v) q.set(k, v);
  const query = q.toString();
  return query ? `${SMART_PATH}/${step}?${query}` : `${SMART_PATH}/${step}`;
}

/** A confirmed resident's profile (the residents pages, by path: features do not import each other's pages). */
export function profileUrl(residentId: string): string {
  return `/resident-management/detail?residentId=${encodeURIComponent(residentId)}`;
}
