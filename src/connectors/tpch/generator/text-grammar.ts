/**
 * The sentence grammar behind dbgen's comment text: a sentence form (`N V P T`: noun phrase, verb
 * phrase, prepositional phrase, terminator) whose phrases have weighted forms of their own (`D J N`:
 * adverb, adjective, noun) filled with weighted words. `SentenceWriter` writes sentences as ASCII
 * bytes, drawing from one random stream in exactly dbgen's order: the sentence form, then for each
 * phrase its form and its words from left to right.
 *
 * The grammar is flattened into typed arrays so that the writing loop touches no objects, and words
 * are stored with their trailing space (a preposition with " the ") and written 4 bytes at a time.
 */
import { Buffer } from 'node:buffer';
import {
  ADJECTIVES,
  ADVERBS,
  AUXILIARIES,
  NOUN_PHRASE_FORMS,
  NOUNS,
  PREPOSITIONS,
  SENTENCE_FORMS,
  TERMINATORS,
  VERB_PHRASE_FORMS,
  VERBS,
  type WeightedList,
} from './distributions.js';
import { drawScale, nextSeed } from './random-stream.js';

/** Longest sentence the grammar can produce, rounded up generously (dbgen's MAX_SENT_LEN). */
export const MAX_SENTENCE_LENGTH = 256;

const SPACE = 0x20;

const LIST_NOUNS = 0;
const LIST_VERBS = 1;
const LIST_ADJECTIVES = 2;
const LIST_ADVERBS = 3;
const LIST_AUXILIARIES = 4;
const LIST_PREPOSITIONS = 5;
const LIST_TERMINATORS = 6;
const LIST_NOUN_PHRASES = 7;
const LIST_VERB_PHRASES = 8;
const LIST_SENTENCES = 9;

/** Token codes of a sentence form. */
const TOKEN_NOUN_PHRASE = 0;
const TOKEN_VERB_PHRASE = 1;
const TOKEN_PREPOSITION = 2;
const TOKEN_TERMINATOR = 3;

const PART_OF_SPEECH_LISTS: Readonly<Record<string, number>> = {
  N: LIST_NOUNS,
  V: LIST_VERBS,
  J: LIST_ADJECTIVES,
  D: LIST_ADVERBS,
  X: LIST_AUXILIARIES,
};

const SENTENCE_TOKENS: Readonly<Record<string, number>> = {
  N: TOKEN_NOUN_PHRASE,
  V: TOKEN_VERB_PHRASE,
  P: TOKEN_PREPOSITION,
  T: TOKEN_TERMINATOR,
};

/**
 * The grammar flattened into typed arrays. Lists (word lists and form lists alike) are runs of a
 * slot table; phrase forms are runs of (list id, punctuation byte or 0) pairs and sentence forms
 * runs of token codes, both in `formParts`; words are runs of `groups`.
 */
interface EncodedGrammar {
  /** Every word (with its suffix) as little-endian 32-bit groups, zero padded. */
  readonly groups: Int32Array;
  /** Word id → its first group; word id + 1 → the end of its groups. */
  readonly groupStart: Int32Array;
  /** Word id → length in bytes (suffix included). */
  readonly wordLengths: Int32Array;
  /** All slot tables (running-weight slot → word id, or form id for the form lists). */
  readonly slots: Uint16Array;
  /** List id → start of its slot table in `slots`. */
  readonly listStart: Int32Array;
  /** List id → total weight / (2^31 − 1): a drawn seed times this is the slot (see drawScale). */
  readonly listScale: Float64Array;
  readonly formParts: Int32Array;
  /** Form id → start of its parts; form id + 1 → their end. */
  readonly formStart: Int32Array;
}

function encodeGrammar(): EncodedGrammar {
  const words: string[] = [];
  const slots: number[] = [];
  const listStart: number[] = [];
  const listScale: number[] = [];
  const formParts: number[] = [];
  const formStart: number[] = [0];
  const addList = (list: WeightedList, ids: readonly number[]): void => {
    listStart.push(slots.length);
    listScale.push(drawScale(0, list.totalWeight - 1));
    for (const index of list.slots) slots.push(ids[index]);
  };
  const addForm = (parts: readonly number[]): number => {
    formParts.push(...parts);
    return formStart.push(formParts.length) - 2;
  };
  const addWords = (list: WeightedList, suffix: string): void =>
    addList(
      list,
      list.words.map((word) => words.push(word + suffix) - 1),
    );
  addWords(NOUNS, ' ');
  addWords(VERBS, ' ');
  addWords(ADJECTIVES, ' ');
  addWords(ADVERBS, ' ');
  addWords(AUXILIARIES, ' ');
  addWords(PREPOSITIONS, ' the ');
  addWords(TERMINATORS, ' ');
  const addPhraseForms = (list: WeightedList): void =>
    addList(
      list,
      list.words.map((form) =>
        addForm(
          form
            .split(' ')
            .flatMap((token) => [PART_OF_SPEECH_LISTS[token[0]], token.length > 1 ? token.charCodeAt(1) : 0]),
        ),
      ),
    );
  addPhraseForms(NOUN_PHRASE_FORMS);
  addPhraseForms(VERB_PHRASE_FORMS);
  addList(
    SENTENCE_FORMS,
    SENTENCE_FORMS.words.map((form) => addForm(form.split(' ').map((token) => SENTENCE_TOKENS[token]))),
  );

  const groupStart = new Int32Array(words.length + 1);
  words.forEach((word, i) => {
    groupStart[i + 1] = groupStart[i] + Math.ceil(word.length / 4);
  });
  const groups = new Int32Array(groupStart[words.length]);
  const groupBytes = Buffer.from(groups.buffer);
  words.forEach((word, i) => {
    groupBytes.write(word, groupStart[i] * 4, 'latin1');
  });
  return {
    groups,
    groupStart,
    wordLengths: Int32Array.from(words, (word) => word.length),
    slots: Uint16Array.from(slots),
    listStart: Int32Array.from(listStart),
    listScale: Float64Array.from(listScale),
    formParts: Int32Array.from(formParts),
    formStart: Int32Array.from(formStart),
  };
}

/** Writes grammar sentences into a byte buffer, continuing one random stream across calls. */
export class SentenceWriter {
  private readonly grammar = encodeGrammar();
  private seed: number;

  constructor(seed: number) {
    this.seed = seed;
  }

  /**
   * Writes whole sentences, each followed by a space, from `position` of `output` (viewed as
   * `view`) until at least `limit` is reached, and returns the position after the last one. The
   * last sentence may end up to MAX_SENTENCE_LENGTH bytes past `limit`, and up to 3 bytes past the
   * returned position may be overwritten.
   */
  writeSentences(view: DataView, output: Uint8Array, position: number, limit: number): number {
    const { groups, groupStart, wordLengths, slots, listStart, listScale, formParts, formStart } = this.grammar;
    // Module-level constants cost a load and a hole check per use; the loop uses local copies.
    const space = SPACE;
    const terminatorToken = TOKEN_TERMINATOR;
    const prepositionToken = TOKEN_PREPOSITION;
    const verbPhraseToken = TOKEN_VERB_PHRASE;
    const terminators = LIST_TERMINATORS;
    const prepositions = LIST_PREPOSITIONS;
    const verbPhrases = LIST_VERB_PHRASES;
    const nounPhrases = LIST_NOUN_PHRASES;
    const sentences = LIST_SENTENCES;
    let seed = this.seed;
    let length = position;
    while (length < limit) {
      seed = nextSeed(seed);
      const sentence = slots[listStart[sentences] + Math.trunc(seed * listScale[sentences])];
      for (let t = formStart[sentence], tokensEnd = formStart[sentence + 1]; t < tokensEnd; t++) {
        const token = formParts[t];
        if (token === terminatorToken || token === prepositionToken) {
          // A terminator replaces the space after the previous word; a preposition brings " the ".
          if (token === terminatorToken) length--;
          const list = token === terminatorToken ? terminators : prepositions;
          seed = nextSeed(seed);
          const word = slots[listStart[list] + Math.trunc(seed * listScale[list])];
          for (let g = groupStart[word], end = groupStart[word + 1], at = length; g < end; g++, at += 4) {
            view.setInt32(at, groups[g], true);
          }
          length += wordLengths[word];
          if (token === terminatorToken) continue;
        }
        const phraseList = token === verbPhraseToken ? verbPhrases : nounPhrases;
        seed = nextSeed(seed);
        const phrase = slots[listStart[phraseList] + Math.trunc(seed * listScale[phraseList])];
        for (let p = formStart[phrase], partsEnd = formStart[phrase + 1]; p < partsEnd; p += 2) {
          const list = formParts[p];
          seed = nextSeed(seed);
          const word = slots[listStart[list] + Math.trunc(seed * listScale[list])];
          for (let g = groupStart[word], end = groupStart[word + 1], at = length; g < end; g++, at += 4) {
            view.setInt32(at, groups[g], true);
          }
          length += wordLengths[word];
          const punctuation = formParts[p + 1];
          if (punctuation !== 0) {
            // "J," : the comma goes between the word and its space.
            output[length - 1] = punctuation;
            output[length++] = space;
          }
        }
      }
    }
    this.seed = seed;
    return length;
  }
}
