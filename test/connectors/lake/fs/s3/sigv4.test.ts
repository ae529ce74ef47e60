import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_PAYLOAD_HASH, SigV4Signer, uriEncode } from '../../../../../src/connectors/lake/fs/s3/sigv4.js';

// The worked examples of AWS's S3 documentation ("Signature Calculations for the Authorization
// Header"), with its example credentials.
const signer = new SigV4Signer(
  { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
  'us-east-1',
);
const when = new Date(Date.UTC(2013, 4, 24, 0, 0, 0));

describe('SigV4 signing', () => {
  it("signs AWS's GET Object example (a ranged read) to the documented signature", () => {
    const headers = signer.sign(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        encodedPath: '/test.txt',
        query: [],
        headers: { Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      when,
    );
    assert.equal(
      headers.authorization,
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    assert.equal(headers['x-amz-date'], '20130524T000000Z');
  });

  it("signs AWS's GET Bucket (list objects) example, whose query is sorted and encoded", () => {
    const headers = signer.sign(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        encodedPath: '/',
        query: [
          ['prefix', 'J'],
          ['max-keys', '2'],
        ],
        headers: {},
        payloadHash: EMPTY_PAYLOAD_HASH,
      },
      when,
    );
    assert.ok(
      headers.authorization?.endsWith('Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7'),
      headers.authorization,
    );
  });

  it('encodes keys as SigV4 wants: unreserved kept, slashes kept in paths, the rest %XX (so Hive escapes stay)', () => {
    assert.equal(uriEncode('a/ds=2024-01-01 10%3A00/f~.x_y', true), 'a/ds%3D2024-01-01%2010%253A00/f~.x_y');
    assert.equal(uriEncode('a/b', false), 'a%2Fb');
    assert.equal(uriEncode('é', false), '%C3%A9');
  });
});
