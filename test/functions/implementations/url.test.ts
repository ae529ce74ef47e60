import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertError, call } from './harness.js';

const URL_TEXT = 'http://user@www.example.com:8080/stuff/index%20x.html?a=b&c=d%20e&flag#frag';

describe('URL functions', () => {
  const cases: [string, string[], unknown[], unknown][] = [
    ['url_extract_protocol', ['varchar'], [URL_TEXT], 'http'],
    ['url_extract_host', ['varchar'], [URL_TEXT], 'www.example.com'],
    ['url_extract_port', ['varchar'], [URL_TEXT], 8080],
    ['url_extract_port', ['varchar'], ['http://example.com/'], null],
    ['url_extract_path', ['varchar'], [URL_TEXT], '/stuff/index%20x.html'],
    ['url_extract_query', ['varchar'], [URL_TEXT], 'a=b&c=d%20e&flag'],
    ['url_extract_fragment', ['varchar'], [URL_TEXT], 'frag'],
    ['url_extract_parameter', ['varchar', 'varchar'], [URL_TEXT, 'c'], 'd%20e'],
    ['url_extract_parameter', ['varchar', 'varchar'], [URL_TEXT, 'flag'], ''],
    ['url_extract_parameter', ['varchar', 'varchar'], [URL_TEXT, 'zz'], null],
    ['url_extract_host', ['varchar'], ['www.example.com/path'], null],
    ['url_extract_path', ['varchar'], ['www.example.com/path'], 'www.example.com/path'],
    ['url_extract_host', ['varchar'], ['http://[::1]:80/'], '[::1]'],
    ['url_extract_host', ['varchar'], ['http://exa mple.com/'], null],
    ['url_extract_path', ['varchar'], ['mailto:someone@example.com'], null],
    ['url_extract_protocol', ['varchar'], ['mailto:someone@example.com'], 'mailto'],
    ['url_extract_query', ['varchar'], ['http://example.com/?'], ''],
    ['url_encode', ['varchar'], ['a b&c=d/é*~'], 'a+b%26c%3Dd%2F%C3%A9*%7E'],
    ['url_decode', ['varchar'], ['a+b%26c%3Dd%2F%C3%A9'], 'a b&c=d/é'],
  ];
  for (const [name, types, values, expected] of cases) {
    it(`${name}(${values.map((v) => JSON.stringify(v)).join(', ')})`, () =>
      assert.equal(call(name, types, values), expected));
  }

  it('rejects malformed escapes in url_decode', () => {
    assertError(
      () => call('url_decode', ['varchar'], ['%zz']),
      'INVALID_FUNCTION_ARGUMENT',
      'URLDecoder: Illegal hex characters in escape (%) pattern',
    );
    assertError(
      () => call('url_decode', ['varchar'], ['a%2']),
      'INVALID_FUNCTION_ARGUMENT',
      'URLDecoder: Incomplete trailing escape (%) pattern',
    );
  });
});
