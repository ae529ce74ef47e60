/**
 * TLS material of a node (issue 17): the server's key and certificate chain from the PEM keystore
 * Trino accepts (`http-server.https.keystore.path`: the private key and the certificates in one
 * file, any order; `http-server.https.keystore.key` the passphrase of an encrypted key), and the
 * certificate authorities a node trusts when it calls other nodes over HTTPS: the public roots, the
 * configured truststore and the node's own chain (so a cluster sharing one self-signed certificate
 * works without a separate truststore).
 */

import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { VivaceError } from '../../common/vivace-error.js';

export interface ServerTlsOptions {
  readonly key: string;
  readonly cert: string;
  readonly passphrase?: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g;

/** The PEM blocks of `text` by kind: private keys and certificates. */
function pemBlocks(text: string): { keys: string[]; certificates: string[] } {
  const keys: string[] = [];
  const certificates: string[] = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    if (match[1] === 'CERTIFICATE') certificates.push(match[0]);
    else if (match[1].endsWith('PRIVATE KEY')) keys.push(match[0]);
  }
  return { keys, certificates };
}

/** Reads a PEM keystore; the key is checked against the passphrase now, so a wrong one fails at start. */
export function loadPemKeystore(path: string, passphrase: string | undefined): ServerTlsOptions {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new VivaceError('CONFIGURATION_INVALID', `Cannot read keystore ${path}: ${(e as Error).message}`);
  }
  const { keys, certificates } = pemBlocks(text);
  if (keys.length !== 1 || certificates.length === 0) {
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      `Keystore ${path} must hold one PEM private key and its certificate chain (found ${keys.length} keys, ${certificates.length} certificates)`,
    );
  }
  try {
    createPrivateKey({ key: keys[0], passphrase: passphrase ?? '' });
  } catch {
    throw new VivaceError(
      'CONFIGURATION_INVALID',
      `The private key in ${path} cannot be read: wrong or missing http-server.https.keystore.key`,
    );
  }
  return { key: keys[0], cert: certificates.join('\n'), ...(passphrase !== undefined ? { passphrase } : {}) };
}

/** The CA list for calls to other nodes: the public roots, the truststore's certificates and `ownChain`. */
export function trustedCertificates(truststorePath: string | undefined, ownChain: string | undefined): string[] {
  const trusted = [...rootCertificates];
  if (truststorePath !== undefined) {
    let text: string;
    try {
      text = readFileSync(truststorePath, 'utf8');
    } catch (e) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        `Cannot read truststore ${truststorePath}: ${(e as Error).message}`,
      );
    }
    trusted.push(...pemBlocks(text).certificates);
  }
  if (ownChain !== undefined) trusted.push(...pemBlocks(ownChain).certificates);
  return trusted;
}
