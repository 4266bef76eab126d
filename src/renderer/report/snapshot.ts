// The HTML export: the drawn report as one static file that opens offline — all CSS inlined,
// charts turned into PNG data URLs, no scripts, and a CSP that forbids fetching anything.

export const SNAPSHOT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export function snapshotHtml(doc: Document = document): string {
  const css = [...doc.styleSheets]
    .map((sheet) => {
      try {
        return [...sheet.cssRules].map((r) => r.cssText).join('\n');
      } catch {
        return ''; // a foreign sheet cannot be read; ours are all same-origin
      }
    })
    .join('\n');
  const root = doc.documentElement.cloneNode(true) as HTMLElement;
  const live = [...doc.querySelectorAll('canvas')];
  root.querySelectorAll('canvas').forEach((c, i) => {
    const src = live[i];
    if (!src) return;
    const img = doc.createElement('img');
    img.src = src.toDataURL('image/png');
    img.alt = src.getAttribute('aria-label') ?? '';
    img.className = src.className;
    img.setAttribute('style', src.getAttribute('style') ?? '');
    c.replaceWith(img);
  });
  root.querySelectorAll('script, link, meta, style, noscript').forEach((n) => n.remove());
  delete root.dataset.reportState;
  const head =
    root.querySelector('head') ?? root.insertBefore(doc.createElement('head'), root.firstChild);
  const meta = (attrs: Record<string, string>) => {
    const m = doc.createElement('meta');
    for (const [k, v] of Object.entries(attrs)) m.setAttribute(k, v);
    head.prepend(m);
  };
  const style = doc.createElement('style');
  style.textContent = css;
  head.append(style);
  meta({ name: 'viewport', content: 'width=device-width, initial-scale=1' });
  meta({ 'http-equiv': 'Content-Security-Policy', content: SNAPSHOT_CSP });
  meta({ charset: 'utf-8' });
  return `<!doctype html>\n${root.outerHTML}\n`;
}
