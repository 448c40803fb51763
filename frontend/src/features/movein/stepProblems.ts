// Server refusals of a step, put where the user looks: a 4022 on a list names its item ("tasks[2].title"
// or "Task 3: …"), so the step marks the item and says which one at the top (FormProblem).

export type ItemList = 'tasks' | 'medications' | 'contacts';

export interface ItemProblem {
  /** 0-based position in the list the step sent. */
  index: number;
  /** The item's field ("title"), '' when the item as a whole. */
  field: string;
  message: string;
}

/** tasks[2].title, tasks.2.title or data.tasks[2] → index 2, field title. */
const ITEM_FIELD = /^(?:data\.)?(tasks|medications|contacts)(?:\[(\d+)\]|\.(\d+))(?:\.(.+))?$/;

/** The item problems of a list among the server's field messages (fieldErrors of a 4022). */
export function itemProblems(fields: Record<string, string>, list: ItemList): ItemProblem[] {
  const out: ItemProblem[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const m = ITEM_FIELD.exec(field);
    if (!m || m[1] !== list) continue;
    out.push({ index: Number(m[2] ?? m[3]), field: m[4] ?? '', message });
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The items a message of the form "Task 3: …" (1-based, in any of the three languages' words) points at. */
export function itemNamedIn(message: string): number | undefined {
  const m = /^\s*[^\d:：]{1,20}?\s*(\d{1,3})\s*[:：]/.exec(message);
  return m ? Number(m[1]) - 1 : undefined;
}

/** Indexes of the items to mark: those the field names give, else the one the message names. */
export function problemIndexes(fields: Record<string, string>, list: ItemList, message: string): Set<number> {
  const found = itemProblems(fields, list).map((p) => p.index);
  if (found.length === 0) {
    const named = itemNamedIn(message);
    if (named !== undefined && named >= 0) found.push(named);
  }
  return new Set(found);
}
