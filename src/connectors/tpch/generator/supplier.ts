/**
 * The supplier table: row i is supplier key i + 1. About 10 in 10,000 suppliers get "Customer
 * Complaints" or "Customer Recommends" written into their comment at random positions (TPC-H Q16
 * looks for them); the four streams behind that are drawn for every supplier.
 */

import { dividedBy, keySequence } from './column-arrays.js';
import {
  assembleBatch,
  type ColumnBuilders,
  float64Column,
  type GeneratedBatch,
  stringColumn,
} from './generated-column.js';
import { NationRowsBatch } from './nation-rows-batch.js';
import { boundedValue, nextSeed } from './random-stream.js';
import { drawPerRow, rowStartSeeds } from './row-seeds.js';
import { alphanumericColumn, commentColumn, paddedNameColumn, phoneColumn } from './text-columns.js';
import { getTextPool } from './text-pool.js';

const ADDRESS_SEED = 706178559;
const NATION_SEED = 110356601;
const PHONE_SEED = 884434366;
const ACCOUNT_BALANCE_SEED = 962338209;
const COMMENT_SEED = 1341315363;
const REVIEW_SEED = 202794285;
const REVIEW_KIND_SEED = 753643799;
const REVIEW_GAP_SEED = 263032577;
const REVIEW_OFFSET_SEED = 715851524;
const ADDRESS_AVERAGE_LENGTH = 25;
const COMMENT_AVERAGE_LENGTH = 63;
/** Suppliers whose review draw (1–10000) is at most this get a review in their comment. */
const REVIEWS_PER_10000 = 10;
/** Review kinds drawn below this (of 0–100) are complaints. */
const COMPLAINT_PERCENT = 50;
const REVIEW_BASE = 'Customer ';
const REVIEW_LENGTH = REVIEW_BASE.length + 'Complaints'.length;

/** Overwrites the comments of reviewed suppliers (in place, keeping their length). */
function addReviews(comments: string[], start: number): void {
  const count = comments.length;
  const reviews = drawPerRow(REVIEW_SEED, start, count, 1, 10_000);
  const kinds = rowStartSeeds(REVIEW_KIND_SEED, 1, start, count);
  const gaps = rowStartSeeds(REVIEW_GAP_SEED, 1, start, count);
  const offsets = rowStartSeeds(REVIEW_OFFSET_SEED, 1, start, count);
  for (let i = 0; i < count; i++) {
    if (reviews[i] > REVIEWS_PER_10000) continue;
    const comment = comments[i];
    const gap = boundedValue(nextSeed(gaps[i]), 0, comment.length - REVIEW_LENGTH);
    const offset = boundedValue(nextSeed(offsets[i]), 0, comment.length - (REVIEW_LENGTH + gap));
    const verdict = boundedValue(nextSeed(kinds[i]), 0, 100) < COMPLAINT_PERCENT ? 'Complaints' : 'Recommends';
    const verdictAt = offset + REVIEW_BASE.length + gap;
    comments[i] =
      comment.slice(0, offset) +
      REVIEW_BASE +
      comment.slice(offset + REVIEW_BASE.length, verdictAt) +
      verdict +
      comment.slice(verdictAt + verdict.length);
  }
}

/** The comments, with the Better Business Bureau's reviews of some suppliers written in. */
function supplierComments(b: NationRowsBatch): string[] {
  const comments = commentColumn(getTextPool(), b.seeds(COMMENT_SEED, 2), COMMENT_AVERAGE_LENGTH);
  addReviews(comments, b.start);
  return comments;
}

const SUPPLIER_COLUMNS: ColumnBuilders<NationRowsBatch> = {
  suppkey: (b) => float64Column(keySequence(b.start + 1, b.count)),
  name: (b) => stringColumn(paddedNameColumn('Supplier#', b.start + 1, b.count)),
  address: (b) => stringColumn(alphanumericColumn(b.seeds(ADDRESS_SEED, 9), ADDRESS_AVERAGE_LENGTH)),
  nationkey: (b) => float64Column(b.nations()),
  phone: (b) => stringColumn(phoneColumn(b.seeds(PHONE_SEED, 3), b.nations())),
  acctbal: (b) => float64Column(dividedBy(drawPerRow(ACCOUNT_BALANCE_SEED, b.start, b.count, -99_999, 999_999), 100)),
  comment: (b) => stringColumn(supplierComments(b)),
};

/** Rows [start, start + count) of supplier (0-based rows; supplier key = row + 1). */
export function generateSupplier(start: number, count: number, columns: readonly string[]): GeneratedBatch {
  return assembleBatch('supplier', count, columns, SUPPLIER_COLUMNS, new NationRowsBatch(start, count, NATION_SEED));
}
