/** Query keys of the push calls (issue 34). */
export const pushKey = ['system', 'push'] as const;
export const statusKey = [...pushKey, 'status'] as const;
export const preferencesKey = [...pushKey, 'preferences'] as const;
export const publicKeyKey = [...pushKey, 'publicKey'] as const;
