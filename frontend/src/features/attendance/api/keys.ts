/** Query keys of the attendance calls; a punch or a new PIN invalidates attendanceKey. */
export const attendanceKey = ['care', 'caregiverClockInRecord'] as const;
