import { describe, expect, it } from 'vitest';
import { citedSections, helpPrompt, searchHelp, terms } from './helpSearch';
import { HELP as EN } from './help/en-US';
import { HELP as ES } from './help/es-ES';
import { HELP as ZH } from './help/zh-CN';

describe('the help corpus', () => {
  it('has the same sections, with the same screens, in the three languages', () => {
    const shape = (c: typeof EN) => c.map((s) => [s.id, s.screen, s.caregiverScreen]);
    expect(shape(ES)).toEqual(shape(EN));
    expect(shape(ZH)).toEqual(shape(EN));
  });
  it('covers every screen built so far', () => {
    expect(EN.map((s) => s.id)).toEqual(
      expect.arrayContaining(['dashboard', 'residents', 'tasks', 'emar', 'staff', 'attendance', 'requests', 'tickets', 'shifts', 'notes']),
    );
  });
  it('has no empty text', () => {
    for (const s of [...EN, ...ES, ...ZH]) expect(s.title && s.body && s.keywords).toBeTruthy();
  });
});

describe('terms', () => {
  it('drops stop words, folds accents and stems plurals', () => {
    expect(terms('How do I add the Residents?')).toEqual(['add', 'resident']);
    expect(terms('¿Cómo registro la medicación?')).toEqual(['registro', 'medicacion']);
  });
  it('splits Chinese into characters and pairs', () => {
    expect(terms('请假')).toEqual(['请', '请假', '假']);
  });
});

describe('searchHelp', () => {
  const top = (corpus: typeof EN, q: string) => searchHelp(corpus, q)[0]?.section.id;
  it('finds the screen a how-to question is about, in each language', () => {
    expect(top(EN, 'How do I log a refused medication dose?')).toBe('emar');
    expect(top(EN, 'How do I clock in?')).toBe('attendance');
    expect(top(EN, 'Where do I ask for time off / leave?')).toBe('requests');
    expect(top(EN, 'publish the weekly shift schedule')).toBe('shifts');
    expect(top(EN, 'write a progress note at the end of shift')).toBe('notes');
    expect(top(ES, '¿Cómo pido vacaciones?')).toBe('requests');
    expect(top(ES, 'registrar una dosis de medicación rechazada')).toBe('emar');
    expect(top(ZH, '怎么请假')).toBe('requests');
    expect(top(ZH, '如何记录拒绝的给药')).toBe('emar');
    expect(top(ZH, '怎么打卡上班')).toBe('attendance');
  });
  it('answers nothing for a question with no matching words', () => {
    expect(searchHelp(EN, 'the and of')).toEqual([]);
    expect(searchHelp(EN, 'xylophone quantum')).toEqual([]);
  });
  it('ranks title words above body words and keeps at most the limit', () => {
    const hits = searchHelp(EN, 'medication', 2);
    expect(hits).toHaveLength(2);
    expect(hits[0].section.id).toBe('emar');
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
  });
});

describe('the prompt', () => {
  it('numbers the sections, ends with the question and stays within 5000 characters', () => {
    const sections = EN.slice(0, 3);
    const p = helpPrompt(sections, 'How?');
    expect(p.startsWith('[1] Dashboard\n')).toBe(true);
    expect(p).toContain('[2] Residents');
    expect(p.endsWith('Question: How?')).toBe(true);
    const long = helpPrompt([{ ...EN[0], body: 'x'.repeat(9000) }, EN[1]], 'q'.repeat(100));
    expect([...long].length).toBeLessThanOrEqual(5000);
  });
  it('reads the citations of an answer', () => {
    const s = EN.slice(0, 3);
    expect(citedSections('Open it [2]. Then [1] and again [2]; [9] is not there.', s).map((x) => x.id)).toEqual(['residents', 'dashboard']);
  });
});
