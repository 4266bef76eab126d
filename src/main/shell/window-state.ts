// The main window's size and place: it fits the screen's work area (a 1366×768 laptop leaves
// about 1366×720 under its panels), comes back where it was, and never comes back off-screen
// (a monitor unplugged since, a resolution lowered).
import { join } from 'node:path';
import { writeFileSafe } from '../core/safe-write';
import { readRegularFile } from '../store/safe-read';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState extends Rect {
  maximized: boolean;
}

/** What the window would like to be, and the least that keeps every wizard step usable. */
export const PREFERRED = { width: 1180, height: 820 };
export const MINIMUM = { width: 760, height: 560 };

/** This much of the title bar must be on a screen for a saved place to count as visible. */
const GRIP = { width: 120, height: 32 };

const overlap = (a: Rect, b: Rect): Rect => {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
};

const isGripVisible = (w: Rect, area: Rect): boolean => {
  const bar = overlap({ x: w.x, y: w.y, width: w.width, height: GRIP.height }, area);
  return bar.width >= Math.min(GRIP.width, w.width) && bar.height >= GRIP.height;
};

/** A size no larger than the work area (nor smaller than the minimum, when the area allows). */
function fitSize(want: { width: number; height: number }, area: Rect) {
  const clamp = (v: number, min: number, max: number) =>
    Math.round(Math.max(Math.min(v, max), Math.min(min, max)));
  return {
    width: clamp(want.width, MINIMUM.width, area.width),
    height: clamp(want.height, MINIMUM.height, area.height),
  };
}

const centred = (size: { width: number; height: number }, area: Rect): Rect => ({
  ...size,
  x: Math.round(area.x + (area.width - size.width) / 2),
  y: Math.round(area.y + (area.height - size.height) / 2),
});

/**
 * Where the window opens: the saved place when its title bar is on one of the work areas (its
 * size fitted to that area), else the preferred size fitted to the primary work area, centred.
 */
export function placeWindow(
  saved: WindowState | null,
  workAreas: readonly Rect[],
  primary: Rect,
): WindowState {
  if (saved) {
    const area = workAreas.find((a) => isGripVisible(saved, a));
    if (area) {
      const size = fitSize(saved, area);
      // Keep the place, pulled back in so the fitted window lies inside that work area.
      const x = Math.min(Math.max(saved.x, area.x), area.x + area.width - size.width);
      const y = Math.min(Math.max(saved.y, area.y), area.y + area.height - size.height);
      return { ...size, x, y, maximized: saved.maximized };
    }
  }
  const size = fitSize(saved ?? PREFERRED, primary);
  return { ...centred(size, primary), maximized: saved?.maximized ?? false };
}

/** The least the window may be shrunk to on this work area (never more than the area). */
export const minimumFor = (area: Rect) => fitSize(MINIMUM, area);

const STATE_FILE = 'window-state.json';

function parseState(text: string): WindowState | null {
  try {
    const v = JSON.parse(text) as Partial<WindowState>;
    const nums = [v.x, v.y, v.width, v.height];
    if (!nums.every((n) => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e5))
      return null;
    if (v.width! < 1 || v.height! < 1) return null;
    return {
      x: v.x!,
      y: v.y!,
      width: v.width!,
      height: v.height!,
      maximized: v.maximized === true,
    };
  } catch {
    return null;
  }
}

/** The saved place in `dir`, or null when there is none or it is damaged. */
export async function loadWindowState(dir: string): Promise<WindowState | null> {
  try {
    return parseState((await readRegularFile(join(dir, STATE_FILE), 64 * 1024)).toString('utf8'));
  } catch {
    return null;
  }
}

export async function saveWindowState(dir: string, s: WindowState): Promise<void> {
  await writeFileSafe(join(dir, STATE_FILE), JSON.stringify(s) + '\n', { overwrite: true });
}
