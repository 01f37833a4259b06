import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Thrown when the port asked for is taken by another process. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
  constructor(
    readonly port: number,
    options?: ErrorOptions,
  ) {
    super(`Port ${port} is already in use. Set PORT to a free port.`, options);
  }
}

/**
 * Binds `server` to `host:port` (port 0: a free port) and resolves with the bound port.
 * @throws PortInUseError when the port is taken; any other listen error as is.
 */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, { cause: error }) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Binds to `preferredPort` if it is free, else to any free port. Used so that an
 * emulator restarted in the same process gets its old port back, and SDK clients
 * created at module scope by the handlers keep working.
 */
export async function listenPreferring(server: Server, preferredPort: number | undefined, host: string) {
  if (preferredPort) {
    try {
      return await listen(server, preferredPort, host);
    } catch (error) {
      if (!(error instanceof PortInUseError)) throw error;
    }
  }
  return listen(server, 0, host);
}

/** Stops accepting connections, ends keep-alive ones, and resolves once the server is closed. */
export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** `http://127.0.0.1:<port>`: every embedded service listens on loopback only. */
export function loopbackUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

export const LOOPBACK = '127.0.0.1';
