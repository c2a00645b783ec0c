import { randomBytes } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

// What the log says about a request (docs/decisions/019-no-visitor-address-kept.md: no visitor's address or
// user agent is kept anywhere by default). Every line about a request names its id, method, path (without the
// query, nor the token of a reset link's path: e-mail links carry tokens there) and host, never the client's
// address or user agent unless the operator asks for them with LOG_CLIENT_ADDRESS. Fastify's own "incoming
// request" and "request completed" lines, one pair per visit to a card or short link, are debug lines by
// default (pino drops them before any work at the default level); LOG_CLIENT_ADDRESS makes them info lines
// that carry the address and user agent.

/** A request as log lines show it (pino's `req` serializer, also for lines that log `{ req: request }`). */
export type LoggedRequest = {
  method: string;
  url: string;
  host: string;
  remoteAddress?: string;
  userAgent?: string;
};

/** Paths whose rest is a secret: better-auth's password reset link carries its token in the path. */
const SECRET_PATH_PREFIXES = ['/api/auth/reset-password/'];

/** A request's path as a log line may show it: no query (e-mail links carry tokens there), no path secret. */
export function loggedPath(url: string): string {
  const pathOnly = url.split('?', 1)[0] || '/';
  const prefix = SECRET_PATH_PREFIXES.find((secretPrefix) => pathOnly.startsWith(secretPrefix));
  return prefix ? `${prefix}…` : pathOnly;
}

export function requestSerializer(logClientAddress: boolean): (request: FastifyRequest) => LoggedRequest {
  return (request) => {
    const logged: LoggedRequest = {
      method: request.method,
      url: loggedPath(request.url),
      host: request.host,
    };
    if (logClientAddress) {
      logged.remoteAddress = request.ip;
      logged.userAgent = request.headers['user-agent'];
    }
    return logged;
  };
}

/**
 * Request ids that no other process or start of the server gives (Fastify's own count from req-1 again in
 * each): answers carry theirs as `Request-Id` (app.ts), which a client quotes and the log is searched by.
 * A random tag of the process, of a fixed length, then its count.
 */
export function requestIdGenerator(): () => string {
  const processTag = randomBytes(5).toString('hex');
  let count = 0;
  return () => `req-${processTag}${(count++).toString(36)}`;
}

/** Fastify's per-request lines at the level the setting gives them; errors stay error lines. */
class RequestLogController extends LogController {
  constructor(private readonly level: 'info' | 'debug') {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log[this.level]({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error)
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The app's logger settings: `logger` (the caller's, or the configured level) with the request
 * serializer, and the controller of Fastify's per-request lines.
 */
export function loggingOptions(
  logger: FastifyServerOptions['logger'],
  logClientAddress: boolean,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const logController = new RequestLogController(logClientAddress ? 'info' : 'debug');
  if (logger === false || logger === undefined) return { logger, logController };
  const base = logger === true ? {} : logger;
  return {
    logger: { ...base, serializers: { ...base.serializers, req: requestSerializer(logClientAddress) } },
    logController,
  };
}
