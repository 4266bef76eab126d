/* global Image, document -- page.evaluate runs this function in Chromium */
// Compares two folders of PNG screenshots pixel by pixel (in Chromium: no image library needed).
// Usage: node test/e2e/compare-shots.mjs BEFORE_DIR AFTER_DIR — prints one line per file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const [a, b] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage();
const url = (f) => `data:image/png;base64,${readFileSync(f).toString('base64')}`;
const names = [...new Set([...readdirSync(a), ...readdirSync(b)])].filter((n) =>
  n.endsWith('.png'),
);
for (const n of names.sort()) {
  const left = readdirSync(a).includes(n);
  const right = readdirSync(b).includes(n);
  if (!left || !right) {
    console.log(`${n}: only in ${left ? 'before' : 'after'}`);
    continue;
  }
  const r = await page.evaluate(
    async ([x, y]) => {
      const load = (s) =>
        new Promise((ok) => {
          const i = new Image();
          i.onload = () => ok(i);
          i.src = s;
        });
      const [i, j] = await Promise.all([load(x), load(y)]);
      if (i.width !== j.width || i.height !== j.height)
        return { size: `${i.width}x${i.height} → ${j.width}x${j.height}` };
      const px = (img) => {
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const g = c.getContext('2d');
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, c.width, c.height).data;
      };
      const p = px(i);
      const q = px(j);
      let diff = 0;
      let top = Infinity;
      for (let k = 0; k < p.length; k += 4)
        if (p[k] !== q[k] || p[k + 1] !== q[k + 1] || p[k + 2] !== q[k + 2]) {
          diff++;
          top = Math.min(top, Math.floor(k / 4 / i.width));
        }
      return { diff, total: p.length / 4, top };
    },
    [url(join(a, n)), url(join(b, n))],
  );
  console.log(
    r.size
      ? `${n}: size differs ${r.size}`
      : r.diff === 0
        ? `${n}: identical`
        : `${n}: ${r.diff} of ${r.total} pixels differ (first at row ${r.top})`,
  );
}
await browser.close();
