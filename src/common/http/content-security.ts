import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * Every answer of the API is data (JSON, PDF, XML, zip), never a page: a browser that renders one anyway
 * runs nothing, loads nothing and frames nothing.
 */
export const API_CSP = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Swagger UI's page (/api/docs): its own scripts and styles (inline styles: the page and the UI's components
 * use them), images from itself or data: URLs, and requests to this same API ("Try it out").
 */
export const DOCS_CSP = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** helmet's headers with API_CSP on every response. */
export const securityHeaders = (): Middleware => helmet({ contentSecurityPolicy: { useDefaults: false, directives: API_CSP } });

/** Mounted on the Swagger UI path after securityHeaders(): replaces its policy with DOCS_CSP. */
export const docsContentSecurity = (): Middleware => helmet.contentSecurityPolicy({ useDefaults: false, directives: DOCS_CSP });
