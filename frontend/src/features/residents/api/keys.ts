/** Query keys of the resident calls; a resident change invalidates residentsKey (lists, details, files, contacts). */
export const residentsKey = ['care', 'resident'] as const;
export const contactsKey = ['care', 'residentContact'] as const;
