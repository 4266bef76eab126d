// Where the window opens: it fits the work area, comes back where it was, and a place saved on a
// screen that is gone (or a resolution lowered) is brought back onto a visible one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadWindowState,
  minimumFor,
  MINIMUM,
  placeWindow,
  saveWindowState,
} from '../../../../src/main/shell/window-state';

const LAPTOP = { x: 0, y: 27, width: 1366, height: 741 };
const RIGHT = { x: 1366, y: 0, width: 1920, height: 1080 };

describe('placeWindow', () => {
  it('first start on a 1366×768 laptop: the preferred size fitted to the work area, centred', () => {
    expect(placeWindow(null, [LAPTOP], LAPTOP)).toEqual({
      x: 93,
      y: 27,
      width: 1180,
      height: 741,
      maximized: false,
    });
  });

  it('a saved place on a screen that is there comes back as it was', () => {
    const saved = { x: 1500, y: 100, width: 1000, height: 700, maximized: true };
    expect(placeWindow(saved, [LAPTOP, RIGHT], LAPTOP)).toEqual(saved);
  });

  it('a place on a monitor since unplugged is centred on the primary screen, fitted', () => {
    const saved = { x: 1500, y: 100, width: 1800, height: 1000, maximized: false };
    expect(placeWindow(saved, [LAPTOP], LAPTOP)).toEqual({
      x: 0,
      y: 27,
      width: 1366,
      height: 741,
      maximized: false,
    });
  });

  it('a title bar above the screen is re-centred; one half off its edge is pulled back in', () => {
    expect(
      placeWindow({ x: 40, y: -5, width: 900, height: 600, maximized: false }, [LAPTOP], LAPTOP),
    ).toMatchObject({ x: 233, y: 98 });
    const edge = placeWindow(
      { x: 1200, y: 200, width: 900, height: 600, maximized: false },
      [LAPTOP],
      LAPTOP,
    );
    expect(edge).toEqual({ x: 466, y: 168, width: 900, height: 600, maximized: false });
  });

  it('never smaller than the minimum, unless the work area itself is smaller', () => {
    expect(
      placeWindow({ x: 0, y: 30, width: 200, height: 100, maximized: false }, [LAPTOP], LAPTOP),
    ).toMatchObject({ width: MINIMUM.width, height: MINIMUM.height });
    const netbook = { x: 0, y: 0, width: 1024, height: 552 };
    expect(minimumFor(netbook)).toEqual({ width: 760, height: 552 });
    expect(minimumFor(LAPTOP)).toEqual(MINIMUM);
  });
});

describe('the saved state', () => {
  it('round-trips; a damaged or absurd file reads as none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dw-winstate-'));
    try {
      expect(await loadWindowState(dir)).toBeNull();
      const s = { x: 10, y: 20, width: 900, height: 600, maximized: false };
      await saveWindowState(dir, s);
      expect(await loadWindowState(dir)).toEqual(s);
      writeFileSync(join(dir, 'window-state.json'), '{"x":1e9,"y":0,"width":5,"height":5}');
      expect(await loadWindowState(dir)).toBeNull();
      writeFileSync(join(dir, 'window-state.json'), '{"x":');
      expect(await loadWindowState(dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
