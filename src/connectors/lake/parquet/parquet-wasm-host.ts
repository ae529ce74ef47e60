/**
 * The parquet-wasm module (arrow-rs compiled to WebAssembly), which decodes the column chunks of
 * Parquet files and writes Parquet files for the lake connector. It is loaded on first use (the
 * 5 MB module is compiled then, not when the engine starts) and can be reloaded: a Rust panic in
 * WebAssembly (a `RuntimeError: unreachable`, which a corrupt file can provoke) may leave the
 * instance's memory allocator in an unknown state, so after one the next use gets a fresh
 * instance. Requests in flight on the old instance fail with the file's error; nothing else does.
 */
import { createRequire } from 'node:module';

export type ParquetWasm = typeof import('parquet-wasm');

const require = createRequire(import.meta.url);
const MODULE = 'parquet-wasm/node';
let current: ParquetWasm | undefined;

/** The current parquet-wasm instance (loaded on first call). */
export function parquetWasm(): ParquetWasm {
  if (current === undefined) current = require(MODULE) as ParquetWasm;
  return current;
}

/** Whether `error` is a trap of the WebAssembly instance (a panic), after which it is replaced. */
export function isWasmTrap(error: unknown): boolean {
  return error instanceof WASM_RUNTIME_ERROR;
}

// The WebAssembly global is not in the project's TypeScript libs (no DOM); only its RuntimeError is needed.
const WASM_RUNTIME_ERROR = (globalThis as unknown as { WebAssembly: { RuntimeError: new () => Error } }).WebAssembly
  .RuntimeError;

/** Drops the current instance (after a trap); the next `parquetWasm()` loads a fresh one. */
export function discardParquetWasm(): void {
  if (current === undefined) return;
  delete require.cache[require.resolve(MODULE)];
  current = undefined;
}

/** Runs `fn` on the instance, discarding the instance if `fn` trapped. */
export async function withParquetWasm<T>(fn: (wasm: ParquetWasm) => Promise<T> | T): Promise<T> {
  const wasm = parquetWasm();
  try {
    return await fn(wasm);
  } catch (error) {
    if (isWasmTrap(error) && current === wasm) discardParquetWasm();
    throw error;
  }
}

/*
 * Traps in parquet-wasm's asynchronous API (the writer's stream). Its Rust futures are polled in
 * callbacks that wasm-bindgen schedules with the global `queueMicrotask`; a panic there throws a
 * RuntimeError out of a microtask, which node reports as an uncaught exception and a worker would
 * die of. While at least one asynchronous user is active, `queueMicrotask` is wrapped so that a
 * WebAssembly trap thrown by a callback is handed to the active users (each fails its own work with
 * an error naming its file, and the instance is replaced) instead of escaping; anything else a
 * callback throws is rethrown unchanged, and the original function is restored when the last user
 * is done. Synchronous calls (the reader's decoding) need none of this: their traps are ordinary
 * exceptions (see `withParquetWasm`).
 */
type TrapListener = (error: Error) => void;
const trapListeners = new Set<TrapListener>();
let unwrappedQueueMicrotask: typeof queueMicrotask | undefined;

function guardedQueueMicrotask(callback: () => void): void {
  const original = unwrappedQueueMicrotask ?? queueMicrotask;
  original(() => {
    try {
      callback();
    } catch (error) {
      if (!isWasmTrap(error) || trapListeners.size === 0) throw error;
      discardParquetWasm();
      for (const listener of [...trapListeners]) listener(error as Error);
    }
  });
}

/**
 * Has `onTrap` called with the error if a WebAssembly trap escapes from a microtask while the
 * returned release function has not been called (see above).
 */
export function guardAsyncTraps(onTrap: TrapListener): () => void {
  trapListeners.add(onTrap);
  if (unwrappedQueueMicrotask === undefined) {
    unwrappedQueueMicrotask = globalThis.queueMicrotask;
    globalThis.queueMicrotask = guardedQueueMicrotask;
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    trapListeners.delete(onTrap);
    if (trapListeners.size === 0 && unwrappedQueueMicrotask !== undefined) {
      if (globalThis.queueMicrotask === guardedQueueMicrotask) globalThis.queueMicrotask = unwrappedQueueMicrotask;
      unwrappedQueueMicrotask = undefined;
    }
  };
}
