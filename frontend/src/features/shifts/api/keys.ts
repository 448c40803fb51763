/**
 * Query keys of the shift calls. A shift type's save invalidates shiftKey (types, weeks, my shifts); a
 * schedule's save or publish invalidates the weeks, my shifts and the hours; a report's save, submit or
 * opening invalidates reportsKey (the list and the unread count).
 */
export const shiftKey = ['care', 'shift'] as const;
export const shiftTypesKey = [...shiftKey, 'types'] as const;
export const weekKey = [...shiftKey, 'week'] as const;
export const myShiftsKey = [...shiftKey, 'mine'] as const;
export const hoursKey = [...shiftKey, 'hours'] as const;
export const reportsKey = ['care', 'shiftReport'] as const;
/** The facility's staff, whom a schedule may name. */
export const staffOptionsKey = [...shiftKey, 'staff'] as const;
