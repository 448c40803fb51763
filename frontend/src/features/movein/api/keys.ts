/** Query keys of the move-in calls: a move-in's state by resident id. */
export const checkInKey = ['care', 'resident', 'checkIn'] as const;

export const checkInKeyOf = (residentId: string) => [...checkInKey, residentId] as const;
