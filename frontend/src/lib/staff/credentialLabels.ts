// The staff credential types (shared/staff.go) and their words, staff.credentialType.* keys of the staff feature's
// strings (a page using them loads them): shared by the staff pages and the inspector's read-only view.
export const CREDENTIAL_TYPE_KEYS = {
  HCA_CERTIFICATION: 'staff.credentialType.HCA_CERTIFICATION',
  BASIC_TRAINING_75H: 'staff.credentialType.BASIC_TRAINING_75H',
  NURSING_ASSISTANT: 'staff.credentialType.NURSING_ASSISTANT',
  CPR_FIRST_AID: 'staff.credentialType.CPR_FIRST_AID',
  FOOD_WORKER_CARD: 'staff.credentialType.FOOD_WORKER_CARD',
  FOOD_SAFETY_CE: 'staff.credentialType.FOOD_SAFETY_CE',
  TB_TEST_STEP1: 'staff.credentialType.TB_TEST_STEP1',
  TB_TEST_STEP2: 'staff.credentialType.TB_TEST_STEP2',
  BACKGROUND_CHECK_NAME_DOB: 'staff.credentialType.BACKGROUND_CHECK_NAME_DOB',
  BACKGROUND_CHECK_FINGERPRINT: 'staff.credentialType.BACKGROUND_CHECK_FINGERPRINT',
  SPECIALTY_DEMENTIA: 'staff.credentialType.SPECIALTY_DEMENTIA',
  SPECIALTY_MENTAL_HEALTH: 'staff.credentialType.SPECIALTY_MENTAL_HEALTH',
  SPECIALTY_DEVELOPMENTAL_DISABILITY: 'staff.credentialType.SPECIALTY_DEVELOPMENTAL_DISABILITY',
  NURSE_DELEGATION_CORE: 'staff.credentialType.NURSE_DELEGATION_CORE',
  NURSE_DELEGATION_DIABETES: 'staff.credentialType.NURSE_DELEGATION_DIABETES',
  ORIENTATION_SAFETY: 'staff.credentialType.ORIENTATION_SAFETY',
  CONTINUING_EDUCATION: 'staff.credentialType.CONTINUING_EDUCATION',
  OTHER: 'staff.credentialType.OTHER',
} as const;
