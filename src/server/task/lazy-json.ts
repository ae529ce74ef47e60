/**
 * A property whose value is JSON text parsed on first read. The coordinator keeps the statistics
 * of every task of its recent queries (the query resource shows them), but reads them for few:
 * kept as one string, a small statement's statistics cost neither a parse nor the young
 * generation's copying of a few hundred objects that nobody looks at.
 */
export function defineLazyJson(target: Record<string, unknown>, key: string, json: string): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value: unknown = JSON.parse(json);
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
      return value;
    },
    set(value: unknown) {
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
    },
  });
}
