import net from 'node:net';

const loopback = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);

/** Connections refused by the guard, as `host:port`. */
export interface OutboundGuard {
  refused: string[];
  /** Puts `connect` back as it was. */
  release(): void;
}

/**
 * Refuses every TCP connection of this process to anything but the loopback address, and
 * records it: a hostile value (a URL in a setting, a webhook) must never make a test talk to
 * the outside world, and an attempt is a finding in itself.
 */
export function guardOutboundTraffic(): OutboundGuard {
  const refused: string[] = [];
  const original = net.Socket.prototype.connect;
  const guarded = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as
      { host?: string; port?: number; path?: string } | number | string;
    const host =
      typeof options === 'object' && options !== null
        ? options.path
          ? 'localhost'
          : (options.host ?? 'localhost')
        : typeof options === 'number'
          ? typeof args[1] === 'string'
            ? args[1]
            : 'localhost'
          : 'localhost';
    if (!loopback.has(host)) {
      const port = typeof options === 'object' && options !== null ? options.port : options;
      refused.push(`${host}:${String(port)}`);
      const error: NodeJS.ErrnoException = new Error(`fuzz test: no traffic to ${host}`);
      error.code = 'ECONNREFUSED';
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  };
  net.Socket.prototype.connect = guarded as typeof original;
  return {
    refused,
    release: () => {
      net.Socket.prototype.connect = original;
    },
  };
}
