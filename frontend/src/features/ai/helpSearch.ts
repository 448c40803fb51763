// The help assistant's retrieval: Hearth's own help sections (help/*.ts, one per built screen, in the three
// interface languages) ranked against a question, and the prompt that carries them and the question to the
// server's HELP use, whose instructions (answer from these only, cite them) the server keeps. With no
// provider the matching sections are the answer (issue 17).
import { TEXT_MAX } from './translatorRules';

export interface HelpSection {
  /** Stable id, the same in every language. */
  id: string;
  /** The screen the section is about (a route of the app). */
  screen: string;
  /** The screen a caregiver opens instead (they have no management pages). */
  caregiverScreen?: string;
  title: string;
  /** Words a reader may search with that the text does not use. */
  keywords: string;
  body: string;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const STOP = new Set([
  'a', 'an', 'the', 'to', 'of', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'do', 'does', 'i', 'my', 'me', 'how', 'can',
  'what', 'where', 'when', 'who', 'it', 'with', 'be', 'from', 'at', 'by', 'this', 'that', 'you', 'your',
  'el', 'la', 'los', 'las', 'un', 'una', 'de', 'del', 'en', 'y', 'o', 'que', 'cómo', 'como', 'qué', 'mi', 'mis', 'se',
  'es', 'para', 'por', 'con', 'al', 'lo', 'le', 'puedo', 'dónde', 'donde',
  '的', '我', '怎么', '如何', '在', '是', '了', '吗', '呢', '和', '要',
]);

/** Folds accents and case, so "medicación" matches "medicacion". */
function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** A crude stem: plural and common verb endings, enough for help searches in English and Spanish. */
function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  return word;
}

/**
 * The search terms of a text: words (stemmed, stop words left out) and, for Chinese, which has no spaces,
 * every pair of neighbouring characters and each character.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const chunk of fold(text).split(/[^\p{L}\p{N}]+/u)) {
    if (!chunk) continue;
    if (CJK.test(chunk)) {
      const chars = [...chunk].filter((c) => CJK.test(c));
      for (let i = 0; i < chars.length; i++) {
        if (!STOP.has(chars[i])) out.push(chars[i]);
        if (i + 1 < chars.length) out.push(chars[i] + chars[i + 1]);
      }
      continue;
    }
    if (STOP.has(chunk) || chunk.length < 2) continue;
    out.push(stem(chunk));
  }
  return out;
}

export interface HelpMatch {
  section: HelpSection;
  score: number;
}

const WEIGHT = { title: 4, keywords: 3, body: 1 } as const;

/**
 * The sections that answer a question best, at most `limit`, best first: each distinct query term found
 * in the title counts 4, in the keywords 3, in the text 1; Chinese pairs count double (they carry the
 * meaning, single characters little). Ties keep the corpus order (screen order).
 */
export function searchHelp(corpus: readonly HelpSection[], question: string, limit = 3): HelpMatch[] {
  const query = [...new Set(terms(question))];
  if (query.length === 0) return [];
  const scored = corpus.map((section, index) => {
    const fields = {
      title: new Set(terms(section.title)),
      keywords: new Set(terms(section.keywords)),
      body: new Set(terms(section.body)),
    };
    let score = 0;
    for (const q of query) {
      const weight = CJK.test(q) && [...q].length === 1 ? 0.5 : 1;
      for (const f of ['title', 'keywords', 'body'] as const) if (fields[f].has(q)) score += WEIGHT[f] * weight;
    }
    return { section, score, index };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ section, score }) => ({ section, score }));
}

/**
 * The prompt: the sections, numbered, then the question; sections are shortened so the whole stays within
 * the chat call's 5000 characters (spec 001 §5).
 */
export function helpPrompt(sections: readonly HelpSection[], question: string, max = TEXT_MAX): string {
  const q = question.trim();
  const tail = `\n\nQuestion: ${q}`;
  let room = max - [...tail].length;
  const parts: string[] = [];
  sections.forEach((s, i) => {
    const head = `[${i + 1}] ${s.title}\n`;
    const budget = room - [...head].length - 2;
    if (budget <= 20) return;
    const chars = [...s.body];
    const body = chars.length > budget ? `${chars.slice(0, budget - 1).join('')}…` : s.body;
    const part = `${head}${body}`;
    parts.push(part);
    room -= [...part].length + 2;
  });
  return `${parts.join('\n\n')}${tail}`;
}

/** The sections an answer cites ([1], [2] …), in the order of first citation, ignoring numbers out of range. */
export function citedSections(answer: string, sections: readonly HelpSection[]): HelpSection[] {
  const out: HelpSection[] = [];
  for (const m of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const s = sections[Number(m[1]) - 1];
    if (s && !out.includes(s)) out.push(s);
  }
  return out;
}
