/**
 * The order in which a Java `HashMap<String, ...>` built with default settings iterates its keys.
 * Trino's json_object collects its members in such a map, so its output lists them in this order
 * (`{"key_2":2,"key_1":1}` for `json_object('key_1' : 1, 'key_2' : 2)`), which clients comparing
 * results see. Keys are ordered by bucket (the spread String.hashCode masked by the table size,
 * which starts at 16 and doubles past a 0.75 load), ties in insertion order (Java's resize keeps
 * the relative order within a bucket). Buckets Java would turn into trees (8+ colliding keys) are
 * not modelled.
 */

/** Java's String.hashCode over UTF-16 code units, as a signed 32-bit int. */
function javaStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/** `keys` (distinct, in insertion order) in the iteration order of a Java HashMap holding them. */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (key: string): number => {
    const h = javaStringHash(key);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((key, i) => ({ key, i, bucket: bucket(key) }))
    .sort((a, b) => a.bucket - b.bucket || a.i - b.i)
    .map((entry) => entry.key);
}
