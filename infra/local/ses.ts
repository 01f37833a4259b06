import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sesModule from 'aws-ses-v2-local';
import type { RequestListener } from './faults.ts';
import { closeServer, LOOPBACK, listen, loopbackUrl, PortInUseError } from './net.ts';

/**
 * SES for the local stack: `aws-ses-v2-local` (SendEmail / SendRawEmail of the v1
 * and v2 APIs, an inbox page at `/`, the messages as JSON at `GET /store`). It
 * takes port 0, but has no error handler on listen (a taken port would crash the
 * process), so a preferred port is checked before it is handed over.
 */

// A CommonJS module with `exports.default`: Node's ESM loader hands over the whole
// `exports` object as default, bundlers and vitest the function itself.
type StartSes = (config: { host: string; port: number }) => Promise<Server>;
const startSesServer: StartSes =
  typeof sesModule === 'function' ? sesModule : (sesModule as unknown as { default: StartSes }).default;

export interface LocalSes {
  /** `http://127.0.0.1:<port>`: the SES (v1 and v2) endpoint, and its inbox page. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts SES on a free loopback port (the preferred one when free). `wrap` (the fault
 * switch, `faults.ts`) goes in front of aws-ses-v2-local's request listeners.
 */
export async function startSes(
  options: { preferredPort?: number; wrap?: (listener: RequestListener) => RequestListener } = {},
): Promise<LocalSes> {
  const port = options.preferredPort && (await isFree(options.preferredPort)) ? options.preferredPort : 0;
  const server = await startSesServer({ host: LOOPBACK, port });
  if (options.wrap) {
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on(
      'request',
      options.wrap((req, res) => {
        for (const listener of listeners) listener.call(server, req, res);
      }),
    );
  }
  return {
    url: loopbackUrl((server.address() as AddressInfo).port),
    close: () => closeServer(server),
  };
}

async function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  try {
    await listen(probe, port, LOOPBACK);
    return true;
  } catch (error) {
    if (error instanceof PortInUseError) return false;
    throw error;
  } finally {
    await closeServer(probe);
  }
}
