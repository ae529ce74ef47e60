/**
 * The public face of the SQL type system: the Type representation, its textual signatures, implicit
 * coercions, explicit cast rules and the typing of literals.
 */
export * from './cast-rules.js';
export * from './coercion.js';
export * from './literal-types.js';
export * from './make-type.js';
export * from './type.js';
export * from './type-signature.js';
