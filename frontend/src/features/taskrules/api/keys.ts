/** Query keys of the task creation rule calls. */
export const taskRulesKey = ['care', 'taskCreationRule'] as const;
