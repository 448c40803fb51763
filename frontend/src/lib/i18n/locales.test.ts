import { describe, expect, it } from 'vitest';
import { loadLocale } from './resources';

const enUS = (await loadLocale('en-US'))!;
const esES = (await loadLocale('es-ES'))!;
const zhCN = (await loadLocale('zh-CN'))!;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix + k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key + '.')) out.set(kk, vv);
  }
  return out;
}

const locales = { 'en-US': flatten(enUS), 'es-ES': flatten(esES), 'zh-CN': flatten(zhCN) };
const english = locales['en-US'];

/** Values that are the same in every language on purpose (brand names). */
const SAME_EVERYWHERE = new Set(['app.brand.name']);
/** "A handful": words that happen to be spelled alike (Spanish "Plan"). More means a copy, not a translation. */
const MAX_IDENTICAL = 5;

/** Every menu name key the server may send (the menu seed, spec 000 §2). */
const MENU_KEYS = [
  'adminDashboard', 'iam', 'organization', 'tenant', 'user', 'role', 'menu', 'auditLogs', 'supportTicketManage',
  'aiConfig', 'paramsSetting', 'facilityDocRequirements', 'taskCreationRule', 'billingManagement', 'chargeRecords', 'promotionalCode',
  'subscriptionPlanManagement', 'servicePackage', 'functionApi', 'functionPermission', 'dashboard', 'calendar',
  'tasks', 'residentManagement', 'residents', 'emars', 'incidentManagement', 'incidents', 'staffManagement',
  'shiftManagement', 'shiftReport', 'message', 'inspectionStatus', 'yourStatus', 'pricing', 'mySubscription',
  'paymentMethod',
].map((k) => `menu.${k}`);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

describe('locale files', () => {
  for (const [name, table] of Object.entries(locales)) {
    it(`${name} has every key of en-US and no other`, () => {
      expect([...table.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${name} has no empty value`, () => {
      const empty = [...table].filter(([, v]) => v.trim() === '').map(([k]) => k);
      expect(empty).toEqual([]);
    });

    it(`${name} keeps every {{placeholder}} of en-US`, () => {
      for (const [key, text] of english) {
        expect(placeholders(table.get(key) ?? ''), key).toEqual(placeholders(text));
      }
    });

    it(`${name} names every menu entry`, () => {
      for (const key of MENU_KEYS) expect(table.get(key), key).toBeTruthy();
    });
  }

  for (const name of ['es-ES', 'zh-CN'] as const) {
    it(`${name} is translated, not copied from English`, () => {
      const same = [...locales[name]].filter(([k, v]) => !SAME_EVERYWHERE.has(k) && english.get(k) === v).map(([k]) => k);
      expect(same.length, `identical to en-US: ${same.join(', ')}`).toBeLessThanOrEqual(MAX_IDENTICAL);
    });
  }

  it('zh-CN is written in Chinese', () => {
    const latinOnly = [...locales['zh-CN']].filter(([k, v]) => !SAME_EVERYWHERE.has(k) && !/[\u4e00-\u9fff]/.test(v));
    expect(latinOnly.map(([k]) => k)).toEqual([]);
  });
});

/** A string literal that starts with one of the catalogue's namespaces: 'residents.list.title'. */
const NAMESPACED_KEY = new RegExp(`['"\`]((?:${Object.keys(enUS).join('|')})\\.[A-Za-z0-9]+(?:\\.[A-Za-z0-9]+)+)['"\`]`, 'g');

describe('keys used in the source', () => {
  const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.ts', '!/src/types/**'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('every static key exists in en-US', () => {
    const missing: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      // t('a.b.c'), i18n.t('a.b.c') and key maps written as 'feature.area.phrase' string literals
      for (const m of text.matchAll(NAMESPACED_KEY)) {
        if (!english.has(m[1])) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('scans the source (the glob found files)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });
});
