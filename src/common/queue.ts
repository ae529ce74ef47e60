/**
 * A first-in, first-out queue over an array: `shift` is O(1) (the front is cleared, not spliced)
 * and the array is compacted once the cleared front is half of it, so each entry moves O(1) times.
 * For histories that grow at the back and are dropped from the front (finished queries, done tasks).
 */
export class Queue<T> {
  private items: (T | undefined)[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  /** The entry `index` places from the front (0: the oldest), undefined past the end. */
  at(index: number): T | undefined {
    return index < 0 ? undefined : this.items[this.head + index];
  }

  /** Removes and returns the oldest entry. */
  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head++] = undefined;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
