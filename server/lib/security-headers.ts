import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * The Content-Security-Policy of every response: scripts and connections only from this origin, no
 * plugins, no framing. Vite's dev server needs inline scripts (React refresh) and a websocket for HMR.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const https = config.publicUrl.startsWith('https:');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: config.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    // UI libraries inject <style> for scroll locking and toasts
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: config.viteDev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // on plain http (localhost) upgrading would break every request
    upgradeInsecureRequests: https ? [] : null,
  };
}

/**
 * The security headers helmet would send (CSP above, HSTS on https, no cross-origin isolation, which
 * would block the photos and QR images people embed elsewhere), worked out once at start. The policy has
 * no per-request part (no nonces), and rebuilding it per request cost public pages a sixth of their time.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https:'),
    // Headers that do nothing here, left out: each costs every response about a microsecond on the server
    // and more in the client, and public pages answer thousands a second.
    // - for browsers and plug-ins that are gone (IE8's download prompt, Flash and Acrobat cross-domain
    //   files, the removed XSS auditor);
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    // - framing is refused by the CSP's frame-ancestors 'none', which every current browser obeys in
    //   place of X-Frame-Options (helmet's SAMEORIGIN allowed more than the CSP does);
    xFrameOptions: false,
    // - browsers do not prefetch DNS for the links of https pages unless told to, and no page of this app
    //   sets document.domain, the one thing Origin-Agent-Cluster guards.
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
