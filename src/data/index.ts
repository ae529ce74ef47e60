/**
 * The columnar data layer: blocks and pages over typed arrays (block.ts, page.ts), which logical type
 * is stored how (physical-type.ts), builders (block-builder.ts), value access and memory estimates
 * (block-values.ts), gathers, regions and concatenation (block-copy.ts), the Presto JSON form of values
 * (json-values.ts), the binary page serde (page-serde.ts) and the time zone registry (time-zones.ts).
 */
export * from './block.js';
export * from './block-builder.js';
export * from './block-copy.js';
export * from './block-values.js';
export * from './int128.js';
export * from './json-values.js';
export * from './number-format.js';
export * from './page.js';
export * from './page-serde.js';
export * from './physical-type.js';
export * from './temporal-format.js';
export * from './time-zones.js';
