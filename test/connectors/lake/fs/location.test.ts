import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  isWithin,
  joinLocation,
  locationName,
  parentLocation,
  parseLocation,
  relativeLocation,
} from '../../../../src/connectors/lake/fs/location.js';
import { throwsWith } from '../lake-test-helpers.js';

describe('lake locations', () => {
  it('parse scheme, authority and path without decoding', () => {
    assert.deepEqual(parseLocation('file:///data/a%3Ab'), { scheme: 'file', authority: '', path: 'data/a%3Ab' });
    assert.deepEqual(parseLocation('S3://bucket/k/x'), { scheme: 's3', authority: 'bucket', path: 'k/x' });
    assert.deepEqual(parseLocation('local://'), { scheme: 'local', authority: '', path: '' });
    throwsWith(() => parseLocation('/plain/path'), 'HIVE_FILESYSTEM_ERROR', '/plain/path');
  });

  it('join, split and relate locations', () => {
    assert.equal(joinLocation('file:///d/', 't', 'p=1'), 'file:///d/t/p=1');
    assert.equal(joinLocation('file:///d', '/x'), 'file:///d/x');
    assert.equal(locationName('file:///d/t/'), 't');
    assert.equal(parentLocation('file:///d/t/f.parquet'), 'file:///d/t');
    assert.equal(isWithin('file:///d/t/f', 'file:///d/t/'), true);
    assert.equal(isWithin('file:///d/t2/f', 'file:///d/t'), false);
    assert.equal(relativeLocation('file:///d/t/p=1/f', 'file:///d/t'), 'p=1/f');
    assert.equal(relativeLocation('file:///e/f', 'file:///d'), undefined);
    throwsWith(() => parentLocation('file:///'), 'HIVE_FILESYSTEM_ERROR');
  });
});
