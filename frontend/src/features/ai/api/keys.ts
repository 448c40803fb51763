/** Query keys of the AI service's reads; a config save invalidates aiKey (status and config). */
export const aiKey = ['ai'] as const;
export const aiStatusKey = [...aiKey, 'status'] as const;
export const aiConfigKey = [...aiKey, 'config'] as const;
export const aiUsageKey = [...aiKey, 'usage'] as const;
