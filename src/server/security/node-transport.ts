/**
 * What a node's start needs of its security settings (issue 17), in one place so the coordinator's
 * and the worker's bootstraps each only call it: the node's security (authentication, access
 * control), the TLS key and chain when HTTPS is on, the CAs its internal client trusts, and the
 * listeners. With `internal-communication.https.required` the node's internal address (what it
 * announces, what the coordinator's local tasks call themselves) is its HTTPS one.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { VivaceError } from '../../common/vivace-error.js';
import type { NodeConfig } from '../protocol/node-config.js';
import { listenNode } from './https-listener.js';
import { NodeSecurity } from './node-security.js';
import { loadPemKeystore, type ServerTlsOptions, trustedCertificates } from './tls.js';

export interface NodeAddresses {
  readonly httpUrl: string | undefined;
  readonly httpsUrl: string | undefined;
  /** Where other nodes reach this one. */
  readonly internalUrl: string;
  /** Where clients reach this one by default: plain HTTP when on, else HTTPS. */
  readonly url: string;
}

export class NodeTransport {
  readonly security: NodeSecurity;
  readonly tls: ServerTlsOptions | undefined;
  /** CAs for calls to other nodes; undefined keeps Node's defaults (no HTTPS configured). */
  readonly trustedCertificates: string[] | undefined;

  constructor(
    private readonly config: NodeConfig,
    logger?: Logger,
  ) {
    this.security = NodeSecurity.fromNodeConfig(config, logger);
    const settings = this.security.config;
    this.tls = settings.https ? loadPemKeystore(settings.https.keystorePath, settings.https.keystoreKey) : undefined;
    if (settings.internalHttpsRequired && this.tls === undefined) {
      throw new VivaceError(
        'CONFIGURATION_INVALID',
        'internal-communication.https.required needs HTTPS (http-server.https.enabled and a keystore)',
      );
    }
    const discoveryIsHttps = config.discoveryUri?.startsWith('https://') ?? false;
    this.trustedCertificates =
      this.tls !== undefined || settings.internalTruststorePath !== undefined || discoveryIsHttps
        ? trustedCertificates(settings.internalTruststorePath, this.tls?.cert)
        : undefined;
  }

  async listen(app: FastifyInstance): Promise<NodeAddresses> {
    const settings = this.security.config;
    const { httpUrl, httpsUrl } = await listenNode(app, {
      host: this.config.httpHost,
      httpPort: settings.httpEnabled ? this.config.httpPort : undefined,
      https: settings.https && this.tls ? { port: settings.https.port, tls: this.tls } : undefined,
      timeouts: this.config.httpServer,
    });
    const url = httpUrl ?? httpsUrl ?? '';
    return { httpUrl, httpsUrl, url, internalUrl: settings.internalHttpsRequired ? (httpsUrl ?? url) : url };
  }
}
