/**
 * Query keys of the task calls. A completion or a task change invalidates tasksKey (today, future, expired,
 * calendar, records) and the care plans; routine sessions have their own key.
 */
export const tasksKey = ['care', 'taskInfo'] as const;
/** The resident calls this feature reads (care plan, expired data); under the residents' prefix, so a resident change refetches them too. */
export const carePlanKey = ['care', 'resident', 'residentTaskList'] as const;
export const residentExpiredKey = ['care', 'resident', 'listResidentExpiredData'] as const;
/** Option lists of the pickers (residents, caregivers). */
export const taskOptionsKey = ['care', 'taskOptions'] as const;
