/**
 * What every static answer of the app says about itself, on both hosts (the desktop's app:// scheme and the
 * HTTP server): one Content-Security-Policy, the hardening headers and the cache rule. Plain Node, no Electron.
 *
 * Both hosts serve the same build to the same code, so they send the same policy. The one real difference is
 * the desktop in development, whose page comes from the Vite dev server: its inline React-refresh preamble, its
 * origin and its HMR websocket are added then (and only then). The HTTP host's pages call their own origin
 * (POST /api/…), so `connect-src 'self'` is all it needs — unless the build served is a static web build whose
 * company portal talks to a hosted Supabase project from the browser (VITE_SUPABASE_URL, docs/PUBLICAR-PORTAL.md):
 * that project's origin is then added to `connect-src`, and nothing else.
 */

export interface PolicyOptions {
  /** Development only: the Vite dev-server URL (ELECTRON_RENDERER_URL). Absent in every build that ships. */
  devServerUrl?: string;
  /** The Supabase project URL a static web build's portal calls directly (VITE_SUPABASE_URL); its origin only. */
  supabaseUrl?: string;
}

/** The origin of an http(s) URL, or null: a malformed dev-server URL adds nothing to the policy. */
function httpOrigin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy. Styles allow 'unsafe-inline' because Mantine injects style tags at run time;
 * images and media allow blob:/data: (waveforms, downloads, previews); workers may be blob: (libraries that
 * spin one up from a bundle). Nothing may frame the app, and the app frames nothing.
 */
export function contentSecurityPolicy(options: PolicyOptions = {}): string {
  const dev = httpOrigin(options.devServerUrl);
  const ws = dev ? dev.replace(/^http/, 'ws') : null;
  const supabase = httpOrigin(options.supabaseUrl);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'", dev] : ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'", 'data:']],
    ['media-src', ["'self'", 'blob:', 'data:']],
    ['connect-src', ["'self'", ...(dev && ws ? [dev, ws] : []), ...(supabase ? [supabase] : [])]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Headers on every static answer, found or not: the CSP, no MIME sniffing, no referrer, no framing, no opener. */
export function securityHeaders(options: PolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * Vite names what it writes under assets/ after its content's hash, so such a file never changes: cached for a
 * year. Anything else (index.html, which names the current hashes; the favicon) is revalidated every time.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
