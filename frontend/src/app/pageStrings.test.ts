import { describe, expect, it } from 'vitest';

// Features' strings load with the pages that use them (lazyPage). This reads the code: every page's
// list must name each feature whose keys the page's modules use, and the first page (main.tsx and what
// it imports) may use none.
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx,js}', '!/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** /src/a/b + ../c → /src/a/c */
function join(dir: string, rel: string): string {
  const parts = dir.split('/');
  for (const p of rel.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.' && p !== '') parts.push(p);
  }
  return parts.join('/');
}

const dirname = (file: string) => file.slice(0, file.lastIndexOf('/'));
const FEATURE_KEY = /(titleKey:\s*)?['"`](residents|staff|attendance|requests|desktop|tasks|movein|taskrules|disposal|emars|medications|shifts|carerecord|ai|incidents|chat)\.[a-zA-Z]/g;
const STATIC_IMPORT = /^\s*(import|export)\s+(?!type\s)[^;]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolveModule(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/')) base = join('/src', spec.slice(2));
  else if (spec.startsWith('.')) base = join(dirname(from), spec);
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => f in SOURCES);
}

/** The features whose keys the module and everything it imports statically use. */
function featuresUsed(entry: string): string[] {
  const seen = new Set<string>();
  const used = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = SOURCES[file];
    // A sub-page's title (titleKey) is drawn by the header; the sub-page brings its strings. The generated
    // types name keys of the chat's catalogue (ChatKey*, shared/im.go) without using them.
    if (file !== '/src/types/api.gen.ts') for (const m of code.matchAll(FEATURE_KEY)) if (!m[1]) used.add(m[2]);
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const next = resolveModule(file, m[2] ?? m[3]);
      if (next) stack.push(next);
    }
  }
  return [...used].sort();
}

/** The lazily loaded pages of a routing file with the strings they declare. */
function declaredPages(file: string): { module: string; strings: string[] }[] {
  const code = SOURCES[`/src/${file}`];
  return [...code.matchAll(/lazy(?:Page)?\(\(\) => import\('([^']+)'\)(?:,\s*\[([^\]]*)\])?\)/g)].map((m) => ({
    module: m[1],
    strings: [...(m[2] ?? '').matchAll(/'(\w+)'/g)].map((s) => s[1]).sort(),
  }));
}

describe('feature strings load with their pages', () => {
  for (const file of ['app/pageRegistry.ts', 'app/AppRoutes.tsx']) {
    const pages = declaredPages(file);
    it(`${file} lists its pages`, () => expect(pages.length).toBeGreaterThan(3));
    for (const page of pages) {
      it(`${page.module} declares the strings it uses`, () => {
        const module = resolveModule(`/src/${file}`, page.module);
        expect(module, page.module).toBeDefined();
        const missing = featuresUsed(module!).filter((f) => !page.strings.includes(f));
        expect(missing, `${file}: add them to the page's lazyPage list`).toEqual([]);
      });
    }
  }

  it('the first page uses no feature strings', () => {
    // The desktop shell's offline banner loads lazily; main.tsx loads its strings inside the shell.
    expect(featuresUsed('/src/main.tsx')).toEqual([]);
  });
});
