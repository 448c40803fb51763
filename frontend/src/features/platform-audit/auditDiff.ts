/** One field of a before/after diff: its path and its value on each side ('' when absent). */
export interface DiffLine {
  field: string;
  before: string;
  after: string;
  change: 'added' | 'removed' | 'changed' | 'same';
}

function flatten(value: unknown, prefix: string, out: Map<string, string>) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, '{}');
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    return;
  }
  out.set(prefix || '(value)', typeof value === 'string' ? value : JSON.stringify(value));
}

function parse(json: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!json) return out;
  try {
    flatten(JSON.parse(json), '', out);
  } catch {
    out.set('(value)', json);
  }
  return out;
}

/** The fields of an audit row's before and after JSON, side by side, changed ones first. */
export function auditDiff(before: string, after: string): DiffLine[] {
  const b = parse(before);
  const a = parse(after);
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  const lines = fields.map((field): DiffLine => {
    const hasB = b.has(field);
    const hasA = a.has(field);
    const lb = b.get(field) ?? '';
    const la = a.get(field) ?? '';
    const change = !hasB ? 'added' : !hasA ? 'removed' : lb === la ? 'same' : 'changed';
    return { field, before: lb, after: la, change };
  });
  const rank = { changed: 0, added: 1, removed: 2, same: 3 } as const;
  return lines.sort((x, y) => rank[x.change] - rank[y.change] || x.field.localeCompare(y.field));
}
