import { describe, expect, it } from 'vitest';
import { UserError } from '../../../../src/main/core/errors';
import { CHROMIUM_CANDIDATES, findChromium } from '../../../../src/main/report/chromium';
import { countPdfPages } from '../../../../src/main/report/pdf-pages';

describe('findChromium', () => {
  // Made-up paths as a user's; as root each must also be root's (test/unit/main/core/trusted-code).
  const user = { uid: 1000 };
  it('uses CHROME_PATH when it is executable', () => {
    expect(findChromium({ CHROME_PATH: '/opt/c/chrome' }, (p) => p === '/opt/c/chrome', user)).toBe(
      '/opt/c/chrome',
    );
  });

  it('a CHROME_PATH that is not there is a one-line error, never a silent fallback', () => {
    const err = (() => {
      try {
        findChromium({ CHROME_PATH: '/nonexistent' }, () => false);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(UserError);
    expect((err as Error).message).toBe(
      'no Chromium at CHROME_PATH=/nonexistent: point it at a Chromium or Chrome binary',
    );
  });

  it('falls back to the distribution packages in order, and says what to do when none is there', () => {
    expect(findChromium({}, (p) => p === CHROMIUM_CANDIDATES[1], user)).toBe(
      CHROMIUM_CANDIDATES[1],
    );
    expect(() => findChromium({}, () => false)).toThrow(
      /^no Chromium found to print the report: install the chromium package or set CHROME_PATH$/,
    );
  });

  it('finds the real Chromium of this machine', () => {
    expect(findChromium({})).toMatch(/chrom/);
  });
});

describe('countPdfPages', () => {
  const pdf = (body: string) => Buffer.from(`%PDF-1.4\n${body}\n%%EOF`, 'latin1');

  it('counts page objects, not the page tree', () => {
    const body = [
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R >> endobj',
      '4 0 obj <</Type/Page/Parent 2 0 R>> endobj',
      '5 0 obj << /Type /Page\n/Parent 2 0 R >> endobj',
    ].join('\n');
    expect(countPdfPages(pdf(body))).toBe(3);
  });

  it('refuses what is not a PDF', () => {
    expect(() => countPdfPages(Buffer.from('<html>'))).toThrow('not a PDF');
  });
});
