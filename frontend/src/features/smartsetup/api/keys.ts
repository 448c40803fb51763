/** Query keys of smart setup: a batch, its jobs' progress, a group's draft. */
export const smartSetupKey = ['care', 'smartSetup'] as const;

export const batchKeyOf = (batchId: string) => [...smartSetupKey, 'batch', batchId] as const;
export const progressKeyOf = (batchId: string) => [...smartSetupKey, 'progress', batchId] as const;
export const draftKeyOf = (groupId: string) => [...smartSetupKey, 'draft', groupId] as const;
