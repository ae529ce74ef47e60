/**
 * The Snowball English ("Porter2") stemmer, which Trino's word_stem uses through Lucene for 'en':
 * R1/R2 regions, steps 0-5 with the longest-suffix rule (when the longest matching suffix of a step
 * fails its condition, the step does nothing), and the exceptional word lists.
 */

import { fail } from '../../../common/invariant.js';

const EXCEPTIONS: ReadonlyMap<string, string> = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ['sky', 'sky'],
  ['news', 'news'],
  ['howe', 'howe'],
  ['atlas', 'atlas'],
  ['cosmos', 'cosmos'],
  ['bias', 'bias'],
  ['andes', 'andes'],
]);
const AFTER_STEP_1A: ReadonlySet<string> = new Set([
  'inning',
  'outing',
  'canning',
  'herring',
  'earring',
  'proceed',
  'exceed',
  'succeed',
]);
const DOUBLES: ReadonlySet<string> = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = 'cdeghkmnrt';

function isVowel(c: string | undefined): boolean {
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y';
}

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) {
    if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  }
  return w.length;
}

/** Whether the syllable ending at index `end` (exclusive) is short. */
function endsWithShortSyllable(w: string, end: number): boolean {
  if (end === 2) return isVowel(w[0]) && !isVowel(w[1]);
  if (end < 3) return false;
  const a = w[end - 3];
  const b = w[end - 2];
  const c = w[end - 1];
  return !isVowel(a) && isVowel(b) && !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

/** The longest of `suffixes` that `w` ends with. */
function longest(w: string, suffixes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const s of suffixes) if (w.endsWith(s) && (best === undefined || s.length > best.length)) best = s;
  return best;
}

function hasVowel(s: string): boolean {
  for (const c of s) if (isVowel(c)) return true;
  return false;
}

const STEP2: readonly (readonly [string, string])[] = [
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['entli', 'ent'],
  ['izer', 'ize'],
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['alli', 'al'],
  ['fulness', 'ful'],
  ['ousli', 'ous'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['fulli', 'ful'],
  ['lessli', 'less'],
  ['li', ''],
];
const STEP3: readonly (readonly [string, string])[] = [
  ['tional', 'tion'],
  ['ational', 'ate'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
  ['ative', ''],
];
const STEP4 = [
  'al',
  'ance',
  'ence',
  'er',
  'ic',
  'able',
  'ible',
  'ant',
  'ement',
  'ment',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
];

export function stemEnglish(word: string): string {
  if (word.length <= 2) return word;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  let w = word.startsWith("'") ? word.slice(1) : word;
  // Mark consonant y's (initial, or after a vowel) as Y.
  let marked = '';
  for (let i = 0; i < w.length; i++) marked += w[i] === 'y' && (i === 0 || isVowel(marked[i - 1])) ? 'Y' : w[i];
  w = marked;

  const r1 = /^(gener|commun|arsen)/.exec(w)?.[0].length ?? regionAfter(w, 0);
  const r2 = regionAfter(w, r1);

  // Step 0
  const s0 = longest(w, ["'s'", "'s", "'"]);
  if (s0 !== undefined) w = w.slice(0, -s0.length);

  // Step 1a
  const s1a = longest(w, ['sses', 'ied', 'ies', 'us', 'ss', 's']);
  if (s1a === 'sses') w = `${w.slice(0, -4)}ss`;
  else if (s1a === 'ied' || s1a === 'ies') w = w.length > 4 ? `${w.slice(0, -3)}i` : `${w.slice(0, -3)}ie`;
  else if (s1a === 's' && hasVowel(w.slice(0, -2))) w = w.slice(0, -1);
  if (AFTER_STEP_1A.has(w)) return w;

  // Step 1b
  const s1b = longest(w, ['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly']);
  if (s1b === 'eed' || s1b === 'eedly') {
    if (w.length - s1b.length >= r1) w = `${w.slice(0, -s1b.length)}ee`;
  } else if (s1b !== undefined && hasVowel(w.slice(0, -s1b.length))) {
    w = w.slice(0, -s1b.length);
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (DOUBLES.has(w.slice(-2))) w = w.slice(0, -1);
    else if (r1 >= w.length && endsWithShortSyllable(w, w.length)) w += 'e';
  }

  // Step 1c
  const last = w[w.length - 1];
  if ((last === 'y' || last === 'Y') && w.length > 2 && !isVowel(w[w.length - 2])) w = `${w.slice(0, -1)}i`;

  // Step 2
  const s2 = longest(
    w,
    STEP2.map(([s]) => s),
  );
  if (s2 !== undefined && w.length - s2.length >= r1) {
    const before = w[w.length - s2.length - 1];
    if (s2 === 'ogi') {
      if (before === 'l') w = `${w.slice(0, -3)}og`;
    } else if (s2 === 'li') {
      if (before !== undefined && LI_ENDINGS.includes(before)) w = w.slice(0, -2);
    } else {
      w = w.slice(0, -s2.length) + (STEP2.find(([s]) => s === s2) ?? fail(`${s2} is a step 2 suffix`))[1];
    }
  }

  // Step 3
  const s3 = longest(
    w,
    STEP3.map(([s]) => s),
  );
  if (s3 !== undefined && w.length - s3.length >= r1) {
    if (s3 === 'ative') {
      if (w.length - s3.length >= r2) w = w.slice(0, -5);
    } else {
      w = w.slice(0, -s3.length) + (STEP3.find(([s]) => s === s3) ?? fail(`${s3} is a step 3 suffix`))[1];
    }
  }

  // Step 4
  const s4 = longest(w, STEP4);
  if (s4 !== undefined && w.length - s4.length >= r2) {
    if (s4 === 'ion') {
      const before = w[w.length - 4];
      if (before === 's' || before === 't') w = w.slice(0, -3);
    } else {
      w = w.slice(0, -s4.length);
    }
  }

  // Step 5
  if (w.endsWith('e')) {
    const start = w.length - 1;
    if (start >= r2 || (start >= r1 && !endsWithShortSyllable(w, start))) w = w.slice(0, -1);
  } else if (w.endsWith('ll') && w.length - 1 >= r2) {
    w = w.slice(0, -1);
  }

  return w.replaceAll('Y', 'y');
}
