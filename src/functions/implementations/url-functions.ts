/**
 * URL functions, following java.net.URI (what Trino uses) rather than the WHATWG URL parser, which
 * normalises and accepts more: a string is split by RFC 3986's reference grammar, refused (NULL
 * results) when it has characters a URI cannot contain unescaped, and its parts are returned raw
 * (not decoded). The authority splits into user info, host and numeric port; an authority that does
 * not parse that way has no host, as Java's registry-based authorities. url_encode escapes like
 * Java's form encoding (space as `+`, `*-._` and alphanumerics kept); url_decode reverses it.
 */
import { invalidArgument } from './errors.js';
import type { ImplementationTable } from './implementation-types.js';
import { decodeUtf8 } from './strings/unicode-functions.js';
import { checkedString, MAX_VALUE_LENGTH, resultTooLong } from './value-limits.js';

export interface ParsedUri {
  readonly scheme: string | null;
  readonly host: string | null;
  readonly port: number | null;
  readonly path: string | null;
  readonly query: string | null;
  readonly fragment: string | null;
}

const REFERENCE = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const ILLEGAL = /[\s"<>\\^`{|}\u0000-\u001f\u007f]/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const SERVER_AUTHORITY = /^(?:([^@]*)@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]*)(?::(\d*))?$/;

/** Parses a URI as java.net.URI would, or null when Java would refuse it. */
export function parseUri(text: string): ParsedUri | null {
  if (ILLEGAL.test(text) || BAD_ESCAPE.test(text)) return null;
  const m = REFERENCE.exec(text);
  if (m === null) return null;
  const scheme = m[1] ?? null;
  if (scheme !== null && !SCHEME.test(scheme)) return null;
  const authority = m[2];
  let host: string | null = null;
  let port: number | null = null;
  if (authority !== undefined && authority !== '') {
    const server = SERVER_AUTHORITY.exec(authority);
    if (server !== null && server[2] !== '') {
      host = server[2];
      port = server[3] === undefined || server[3] === '' ? null : Number(server[3]);
    }
  }
  // An opaque URI (scheme followed by something other than '/') has no path, query or fragment parts.
  if (scheme !== null && authority === undefined && !m[3].startsWith('/')) {
    return { scheme, host: null, port: null, path: null, query: null, fragment: m[5] ?? null };
  }
  return { scheme, host, port, path: m[3], query: m[4] ?? null, fragment: m[5] ?? null };
}

function parameter(url: string, name: string): string | null {
  const query = parseUri(url)?.query;
  if (query === null || query === undefined) return null;
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const key = equals < 0 ? pair : pair.slice(0, equals);
    if (key === name) return equals < 0 ? '' : pair.slice(equals + 1);
  }
  return null;
}

const UNRESERVED = /[A-Za-z0-9*\-._]/;
const encoder = new TextEncoder();

export function urlEncode(value: string): string {
  let out = '';
  for (const ch of value) {
    // A character becomes up to 12 characters: the result is checked as it grows.
    if (out.length > MAX_VALUE_LENGTH) throw resultTooLong('url_encode');
    if (ch === ' ') out += '+';
    else if (UNRESERVED.test(ch)) out += ch;
    else for (const byte of encoder.encode(ch)) out += `%${byte < 16 ? '0' : ''}${byte.toString(16).toUpperCase()}`;
  }
  return checkedString(out, 'url_encode');
}

export function urlDecode(value: string): string {
  if (!value.includes('%')) return value.replaceAll('+', ' ');
  let out = '';
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    if (c === '+') {
      out += ' ';
      i++;
    } else if (c === '%') {
      const bytes: number[] = [];
      while (i < value.length && value[i] === '%') {
        if (i + 3 > value.length) {
          throw invalidArgument('URLDecoder: Incomplete trailing escape (%) pattern');
        }
        const hex = value.slice(i + 1, i + 3);
        if (!/^[0-9A-Fa-f]{2}$/.test(hex)) {
          throw invalidArgument('URLDecoder: Illegal hex characters in escape (%) pattern');
        }
        bytes.push(Number.parseInt(hex, 16));
        i += 3;
      }
      out += decodeUtf8(Uint8Array.from(bytes), '\ufffd');
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export function registerUrlFunctions(table: ImplementationTable): void {
  table.add('url_extract_fragment(varchar(x)):varchar(x)', (url: string) => parseUri(url)?.fragment ?? null);
  table.add('url_extract_host(varchar(x)):varchar(x)', (url: string) => parseUri(url)?.host ?? null);
  table.add('url_extract_parameter(varchar(x),varchar(y)):varchar(x)', parameter);
  table.add('url_extract_path(varchar(x)):varchar(x)', (url: string) => parseUri(url)?.path ?? null);
  table.add('url_extract_port(varchar(x)):bigint', (url: string) => parseUri(url)?.port ?? null);
  table.add('url_extract_protocol(varchar(x)):varchar(x)', (url: string) => parseUri(url)?.scheme ?? null);
  table.add('url_extract_query(varchar(x)):varchar(x)', (url: string) => parseUri(url)?.query ?? null);
  table.add('url_encode(varchar(x)):varchar(y)', urlEncode);
  table.add('url_decode(varchar(x)):varchar(x)', urlDecode);
}
