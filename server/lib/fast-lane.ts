import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import type { Config } from '../config.ts';

// The hottest requests, answered beneath the framework. A warm short link is a cache read, a count queued
// and a 302 written from a precomputed header block; around it Fastify makes its request and reply objects, a
// child logger, and runs three onRequest hooks that have nothing to do for it (the card-host guard on the
// main address, the origin check on a GET, the metrics timer): together more than the redirect itself. A
// lane is offered each request before Fastify sees it and answers only one it can finish from memory alone,
// exactly as its route would; anything else (a cold cache, a HEAD, a card host, a limited link, a failure)
// goes on to Fastify untouched, and the route answers it. Requests Fastify answers are logged at debug level
// (server/lib/request-log.ts): with debug logging on, the lanes stand aside so that every request is logged.
// `app.inject()` never reaches the server: tests that exercise a lane send real requests.

/** The parts of a request that lanes and the routes they stand in for both read (a FastifyRequest has them). */
export interface VisitRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The client's address, through the trusted proxies as Fastify reads it (TRUST_PROXY). */
  ip: string;
  /** The parsed query, as Fastify's router parses it. */
  query: unknown;
}

/** What a lane reads of a request. */
export interface LaneRequest extends VisitRequest {
  /** The URL's path without its query; null when it holds an escape (the router decodes it: its route reads it). */
  readonly path: string | null;
}

/** Answers the request and returns true, or returns false having written nothing: Fastify answers it. */
export type Lane = (request: LaneRequest, response: ServerResponse) => boolean;

/** A lane's answer, timed: `route` is the pattern of the route it stands in for. */
export type LaneAnswerListener = (route: string, method: string, statusCode: number, seconds: number) => void;

export interface FastLanes {
  /** Fastify's serverFactory: the HTTP server, which offers every request to the lanes first. */
  serverFactory: FastifyServerFactory;
  /**
   * A lane for the route of pattern `route`, offered only the paths that start with the pattern's static
   * part (before its first parameter): the longest such part first, as Fastify's router prefers a static
   * segment to a parameter, so a short link is never offered to the card lanes.
   */
  add(route: string, lane: Lane): void;
  /**
   * Whether a route without parameters answers GET at exactly `path`: Fastify's router prefers it to a
   * parametric route, so a lane standing in for one (`/:username`) must leave that path alone.
   */
  hasOwnRoute(path: string): boolean;
  /** Told of each answer a lane gives, as Fastify's hooks are of the rest (metrics). */
  onAnswer(listener: LaneAnswerListener): void;
  /**
   * Joins the app before its routes are added: its logger, its routes (hasOwnRoute), and its closing, from
   * which every request goes to Fastify (which refuses new ones while it closes), so no lane counts a visit
   * after the counts' last write.
   */
  attach(app: FastifyInstance): void;
}

/** What Fastify sets on a server it makes itself (fastify/lib/server.js), of the options it passes. */
interface ServerTimeouts {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** The client's address of a raw request, read as Fastify reads `request.ip` with the same TRUST_PROXY. */
function clientAddressReader(trustProxy: Config['trustProxy']): (raw: IncomingMessage) => string {
  if (trustProxy === false) return (raw) => raw.socket.remoteAddress ?? '';
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
  return (raw) => proxyAddr.all(raw, trusted).at(-1) ?? '';
}

/** A raw request with the reading of a FastifyRequest, each part worked out only when read. */
class RawVisitRequest implements LaneRequest {
  private parsedQuery: unknown = undefined;
  private readPath: string | null | undefined = undefined;
  constructor(
    readonly raw: IncomingMessage,
    private readonly addressOf: (raw: IncomingMessage) => string,
  ) {}
  get method(): string {
    return this.raw.method ?? 'GET';
  }
  get url(): string {
    return this.raw.url ?? '/';
  }
  get headers(): IncomingHttpHeaders {
    return this.raw.headers;
  }
  get ip(): string {
    return this.addressOf(this.raw);
  }
  get path(): string | null {
    if (this.readPath === undefined) {
      const url = this.url;
      const end = url.indexOf('?');
      const path = end === -1 ? url : url.slice(0, end);
      this.readPath = path.startsWith('/') && !path.includes('%') ? path : null;
    }
    return this.readPath;
  }
  get query(): unknown {
    if (this.parsedQuery === undefined) {
      const url = this.url;
      const start = url.indexOf('?');
      this.parsedQuery = start === -1 || start === url.length - 1 ? {} : parseQuery(url.slice(start + 1));
    }
    return this.parsedQuery;
  }
}

export function createFastLanes(config: Pick<Config, 'trustProxy'>): FastLanes {
  const lanes: { route: string; prefix: string; lane: Lane }[] = [];
  const listeners: LaneAnswerListener[] = [];
  const ownRoutePaths = new Set<string>();
  const addressOf = clientAddressReader(config.trustProxy);
  let logger: FastifyBaseLogger | null = null;
  // until attached, and once the app closes
  let open = false;

  /** True when a lane answered; a lane that throws before writing leaves the request to Fastify. */
  function offer(raw: IncomingMessage, response: ServerResponse): boolean {
    // the clock is read only when someone times the answers (metrics on)
    const started = listeners.length > 0 ? process.hrtime.bigint() : 0n;
    const request = new RawVisitRequest(raw, addressOf);
    const { path } = request;
    // a path with an escape is the router's to decode: no lane answers it
    if (path === null) return false;
    for (const { route, prefix, lane } of lanes) {
      if (!path.startsWith(prefix)) continue;
      let answered: boolean;
      try {
        answered = lane(request, response);
      } catch (error) {
        logger?.error({ err: error, url: raw.url }, 'a fast lane failed; the route answers instead');
        return response.headersSent;
      }
      if (!answered) continue;
      if (listeners.length > 0) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        for (const listener of listeners) listener(route, request.method, response.statusCode, seconds);
      }
      return true;
    }
    return false;
  }

  return {
    serverFactory: (handler, options) => {
      const server = createServer((raw, response) => {
        if (open && offer(raw, response)) return;
        handler(raw, response);
      });
      const timeouts: ServerTimeouts = options;
      if (timeouts.keepAliveTimeout !== undefined) server.keepAliveTimeout = timeouts.keepAliveTimeout;
      if (timeouts.requestTimeout !== undefined) server.requestTimeout = timeouts.requestTimeout;
      if (timeouts.connectionTimeout !== undefined) server.setTimeout(timeouts.connectionTimeout);
      if (timeouts.maxRequestsPerSocket) server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
      return server;
    },
    add: (route, lane) => {
      const parameter = route.indexOf(':');
      const prefix = parameter === -1 ? route : route.slice(0, parameter);
      lanes.push({ route, prefix, lane });
      // stable: lanes of equally long static parts keep the order they were added in
      lanes.sort((a, b) => b.prefix.length - a.prefix.length);
    },
    hasOwnRoute: (path) => ownRoutePaths.has(path),
    onAnswer: (listener) => void listeners.push(listener),
    attach: (app) => {
      logger = app.log;
      app.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (methods.includes('GET') && !/[:*]/.test(route.url)) ownRoutePaths.add(route.url);
      });
      // Fastify logs each request it answers at debug level: with that on, it answers every one
      open = app.log.level !== 'debug' && app.log.level !== 'trace';
      app.addHook('preClose', (done) => {
        open = false;
        done();
      });
    },
  };
}
