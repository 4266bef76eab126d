// Reads a /sys (and /proc, /etc) tree under a root directory: '/' live, a fixture dir in tests.
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';

export class SysRoot {
  constructor(readonly root: string = '/') {}

  /** Absolute path on disk for a path as the kernel names it ('/sys/block/sda'). */
  abs(p: string): string {
    return join(this.root, p);
  }

  /** Trimmed file content, or null when the file is missing or unreadable. */
  read(p: string): string | null {
    try {
      return readFileSync(this.abs(p), 'utf8').trim();
    } catch {
      return null;
    }
  }

  readNumber(p: string): number | null {
    const t = this.read(p);
    if (t === null || t === '') return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }

  list(p: string): string[] {
    try {
      return readdirSync(this.abs(p)).sort();
    } catch {
      return [];
    }
  }

  exists(p: string): boolean {
    return this.read(p) !== null || this.list(p).length > 0;
  }

  /** Resolves sysfs symlinks and answers in the kernel's namespace ('/sys/devices/...'). */
  real(p: string): string | null {
    try {
      const r = realpathSync(this.abs(p));
      const rootReal = realpathSync(this.root);
      const rel = relative(rootReal, r);
      if (rel.startsWith('..')) return null;
      return '/' + rel;
    } catch {
      return null;
    }
  }
}

/** '[mq-deadline]' out of 'none [mq-deadline] kyber bfq'; 'none' when that is the only choice. */
export function parseScheduler(text: string | null): string | null {
  if (!text) return null;
  const m = /\[([^\]]+)\]/.exec(text);
  if (m) return m[1]!;
  const words = text.split(/\s+/).filter(Boolean);
  return words.length === 1 ? words[0]! : null;
}
