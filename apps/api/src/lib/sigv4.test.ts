import { describe, expect, it } from 'vitest';
import { amzDate, EMPTY_PAYLOAD_SHA256, encodeKeyPath, signRequest } from './sigv4';

describe('AWS Signature Version 4', () => {
  it('reproduces the GetObject example of the Amazon S3 API reference', () => {
    // "Signature Calculations for the Authorization Header: Transferring Payload in a Single Chunk",
    // example "GET Object": bucket examplebucket, us-east-1, the documentation's example key pair.
    const headers = signRequest(
      {
        method: 'GET',
        path: '/test.txt',
        headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9' },
        payloadHash: EMPTY_PAYLOAD_SHA256,
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('formats the date and encodes keys as S3 expects', () => {
    expect(amzDate(new Date('2026-11-21T09:58:41.123Z'))).toBe('20261121T095841Z');
    expect(encodeKeyPath("uploads/ab/bài nghe (1)!*'.mp3")).toBe(
      'uploads/ab/b%C3%A0i%20nghe%20%281%29%21%2A%27.mp3',
    );
  });
});
