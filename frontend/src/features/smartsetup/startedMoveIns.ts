// Which move-in the review started for a resident group, in this browser: "Review and move in" resumes it
// rather than starting the same person again. Client state only; the server links them at confirm.
const KEY = 'hearth.smartsetup.moveIns';

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function startedMoveIn(groupId: string): string {
  return read()[groupId] ?? '';
}

export function rememberMoveIn(groupId: string, residentId: string): void {
  const all = read();
  if (all[groupId] === residentId) return;
  all[groupId] = residentId;
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // A full or blocked storage only loses the shortcut.
  }
}

export function forgetMoveIn(groupId: string): void {
  const all = read();
  if (!(groupId in all)) return;
  delete all[groupId];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Nothing to undo.
  }
}
