/** Query keys of the request calls; saving or deciding invalidates requestsKey. */
export const requestsKey = ['care', 'applicationForm'] as const;
