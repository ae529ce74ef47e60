/**
 * One HTTP request through an undici dispatcher whose answer is read whole into a Buffer: what
 * every internal request of a node needs (task creations, statuses, results). Written on undici's
 * handler interface rather than its `request` API: `request` wraps each answer in a readable
 * stream that the caller then drains (an async iterator, a promise per chunk, end-of-stream and
 * destroy bookkeeping), which cost 35-55 µs of CPU a request more (a 3 kB POST answered with 1.5 kB,
 * measured in one process) — for a coordinator serving small statements, one request each.
 */
import { type Dispatcher, util } from 'undici';

export interface WholeRequest {
  readonly method: Dispatcher.HttpMethod;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
  readonly headersTimeout: number;
  readonly bodyTimeout: number;
  readonly signal?: AbortSignal;
}

export interface WholeResponse {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('This operation was aborted');
  error.name = 'AbortError';
  return error;
}

export function requestWhole(dispatcher: Dispatcher, url: string, init: WholeRequest): Promise<WholeResponse> {
  const schemeEnd = url.indexOf('://');
  const pathStart = schemeEnd < 0 ? -1 : url.indexOf('/', schemeEnd + 3);
  if (schemeEnd < 0) return Promise.reject(new TypeError(`Not an absolute URL: ${url}`));
  const origin = pathStart < 0 ? url : url.slice(0, pathStart);
  const path = pathStart < 0 ? '/' : url.slice(pathStart);
  const signal = init.signal;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise<WholeResponse>((resolve, reject) => {
    let statusCode = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    let onAbort: (() => void) | undefined;
    const settle = () => {
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    };
    const handler: Dispatcher.DispatchHandler = {
      onConnect(abort) {
        if (signal === undefined) return;
        if (signal.aborted) abort(abortError(signal));
        else {
          onAbort = () => abort(abortError(signal));
          signal.addEventListener('abort', onAbort, { once: true });
        }
      },
      onHeaders(status, rawHeaders) {
        // Informational answers (1xx) are not the response.
        if (status < 200) return true;
        statusCode = status;
        headers = util.parseHeaders(rawHeaders as unknown as Buffer[]) as Record<string, string | string[] | undefined>;
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        settle();
        resolve({ statusCode, headers, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) });
      },
      onError(error) {
        settle();
        reject(error);
      },
    };
    try {
      dispatcher.dispatch(
        {
          origin,
          path,
          method: init.method,
          headers: init.headers,
          body: init.body,
          headersTimeout: init.headersTimeout,
          bodyTimeout: init.bodyTimeout,
        },
        handler,
      );
    } catch (error) {
      settle();
      reject(error);
    }
  });
}
