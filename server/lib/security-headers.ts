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
