import type {
  CaptchaResult,
  FacilityLookup,
  RegisterFacilityRequest,
  RegisterFacilityResult,
  Registration,
  ResubmitRequest,
} from '@/types/api.gen';
import { api } from '@/lib/api/client';

/** POST /api/system/tenant/registerFacility: a new home and its owner, waiting for review. */
export function registerFacility(req: RegisterFacilityRequest): Promise<RegisterFacilityResult> {
  return api.post<RegisterFacilityResult>('/system/tenant/registerFacility', req, { noAuth: true, ignoreAuth: true });
}

/** GET /api/system/tenant/getFacilityInfo: is a home with this licence and zip code registered? */
export function lookupFacility(businessLicense: string, zipCode: string): Promise<FacilityLookup> {
  return api.get<FacilityLookup>('/system/tenant/getFacilityInfo', { query: { businessLicense, zipCode }, noAuth: true, ignoreAuth: true });
}

/** GET /api/system/tenant/getRegistration: the refused sign-up a fix link opens. */
export function getRegistration(token: string): Promise<Registration> {
  return api.get<Registration>('/system/tenant/getRegistration', { query: { token }, noAuth: true, ignoreAuth: true });
}

/** POST /api/system/tenant/save: the fixed sign-up, sent for review again. */
export function resubmit(req: ResubmitRequest): Promise<RegisterFacilityResult> {
  return api.post<RegisterFacilityResult>('/system/tenant/save', req, { noAuth: true, ignoreAuth: true });
}

export function getCaptcha(): Promise<CaptchaResult> {
  return api.get<CaptchaResult>('/system/user/getCaptcha', { noAuth: true, ignoreAuth: true });
}
