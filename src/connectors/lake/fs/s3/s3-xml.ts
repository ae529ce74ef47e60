/**
 * Reading the few XML documents S3 answers with (ListObjectsV2, InitiateMultipartUpload,
 * DeleteObjects results, errors) and writing the two it is sent (CompleteMultipartUpload,
 * Delete). These documents are flat and their element names fixed, so a small extractor suffices
 * and no XML library is needed: elements are found by name, text is entity-decoded.
 */

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? '';
  });
}

export function escapeXmlText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${c === '&' ? 'amp' : c === '<' ? 'lt' : c === '>' ? 'gt' : c === '"' ? 'quot' : 'apos'};`,
  );
}

/** The raw inner text of every `<name>...</name>` element (not nested in one another). */
export function xmlElements(xml: string, name: string): string[] {
  const out: string[] = [];
  const open = new RegExp(`<${name}(?:\\s[^>]*)?>`, 'g');
  const close = `</${name}>`;
  for (let match = open.exec(xml); match !== null; match = open.exec(xml)) {
    const start = match.index + match[0].length;
    const end = xml.indexOf(close, start);
    if (end < 0) break;
    out.push(xml.slice(start, end));
    open.lastIndex = end + close.length;
  }
  return out;
}

/** The decoded text of the first `<name>` element, or undefined. */
export function xmlText(xml: string, name: string): string | undefined {
  const first = xmlElements(xml, name)[0];
  return first === undefined ? undefined : decodeXmlText(first);
}

export interface ListedObject {
  readonly key: string;
  readonly size: number;
  readonly lastModified: number;
}

export interface ListPage {
  readonly objects: readonly ListedObject[];
  readonly commonPrefixes: readonly string[];
  readonly nextContinuationToken?: string;
}

export function parseListObjectsV2(xml: string): ListPage {
  const objects: ListedObject[] = [];
  for (const contents of xmlElements(xml, 'Contents')) {
    const key = xmlText(contents, 'Key');
    if (key === undefined) continue;
    objects.push({
      key,
      size: Number(xmlText(contents, 'Size') ?? '0'),
      lastModified: Date.parse(xmlText(contents, 'LastModified') ?? '') || 0,
    });
  }
  const commonPrefixes: string[] = [];
  for (const prefix of xmlElements(xml, 'CommonPrefixes')) {
    const text = xmlText(prefix, 'Prefix');
    if (text !== undefined) commonPrefixes.push(text);
  }
  const truncated = xmlText(xml, 'IsTruncated') === 'true';
  const token = xmlText(xml, 'NextContinuationToken');
  return { objects, commonPrefixes, ...(truncated && token !== undefined ? { nextContinuationToken: token } : {}) };
}

export function completeMultipartUploadXml(etags: readonly string[]): string {
  const parts = etags
    .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXmlText(etag)}</ETag></Part>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`;
}

export function deleteObjectsXml(keys: readonly string[]): string {
  const objects = keys.map((key) => `<Object><Key>${escapeXmlText(key)}</Key></Object>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Quiet>true</Quiet>${objects}</Delete>`;
}

/** The keys a DeleteObjects answer reports as failed, with their codes. */
export function parseDeleteErrors(xml: string): { key: string; code: string; message: string }[] {
  return xmlElements(xml, 'Error').map((error) => ({
    key: xmlText(error, 'Key') ?? '',
    code: xmlText(error, 'Code') ?? '',
    message: xmlText(error, 'Message') ?? '',
  }));
}
