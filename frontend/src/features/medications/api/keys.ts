/**
 * Query keys of the medication pages. Orders, logs and counts sit under the eMAR's prefix (['care',
 * 'medication'], the med pass page's too), so a change of an order here refetches /emars and a pass logged
 * there refetches the log here. The med history has its own prefix and is refetched by every order change.
 */
export const medicationKey = ['care', 'medication'] as const;
export const ordersKey = [...medicationKey, 'listMedication'] as const;
export const recordsKey = [...medicationKey, 'records'] as const;
export const notGivenKey = [...medicationKey, 'notGiven'] as const;
export const assistanceKey = [...medicationKey, 'assistance'] as const;
export const historyKey = ['care', 'medHistory'] as const;
/** The resident whose pages these are (the disposal page reads the same key). */
export const residentKey = ['care', 'resident', 'detail'] as const;

/** What an order change refetches: the orders, the day's passes, the history, the counts of the sidebar. */
export const orderChangeKeys = [medicationKey, historyKey, ['care', 'resident', 'sidebarReminderCount'], ['care', 'medicationDisposal']] as const;
