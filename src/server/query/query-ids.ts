/**
 * Query ids in Presto's format, `20260522_083000_00001_abcde`: the coordinator's start date and
 * time (UTC), a counter, and a random coordinator suffix, so ids sort by creation and are unique
 * across coordinator restarts.
 */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export class QueryIdGenerator {
  private counter = 0;
  private readonly suffix: string;

  constructor() {
    const bytes = randomBytes(5);
    this.suffix = Array.from(bytes, (b) => ALPHABET[b % 26]).join('');
  }

  next(now: Date = new Date()): string {
    const second = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
    this.counter = (this.counter + 1) % 100_000;
    return `${second}_${String(this.counter).padStart(5, '0')}_${this.suffix}`;
  }
}
