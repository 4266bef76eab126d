// Which URLs are "our own page": files inside the renderer folder, compared as parsed file URLs
// with a trailing slash, so a sibling folder such as dist/renderer-evil/ never matches.
import { pathToFileURL } from 'node:url';

/** The renderer folder as a file URL ending in '/'. */
export function appUrlPrefixFor(rendererDir: string): string {
  const href = pathToFileURL(rendererDir).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** True for a file:// URL inside the renderer folder (after `..` and %2e%2e are resolved). */
export function isAppUrl(url: string, appUrlPrefix: string): boolean {
  const prefix = appUrlPrefix.endsWith('/') ? appUrlPrefix : `${appUrlPrefix}/`;
  let u: URL;
  let p: URL;
  try {
    u = new URL(url);
    p = new URL(prefix);
  } catch {
    return false;
  }
  if (u.protocol !== 'file:' || u.host !== '' || u.username || u.password) return false;
  // An encoded slash would let a later decoder see a different folder than this check did.
  if (/%2f|%5c/i.test(u.pathname)) return false;
  return u.pathname.startsWith(p.pathname) && u.pathname.length > p.pathname.length;
}
