// A deterministic kernel-like source tree, described as data: paths in nested directories with a
// kernel-like size distribution (many small headers and .c files, a long tail of big ones) and
// compressible C-like text. Same seed and size → the same bytes, on every machine.

/** mulberry32: tiny, fast, and its sequence is fixed forever (unlike Math.random). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TreeFile {
  path: string;
  size: number;
}

// Top-level directories of linux-6.x with roughly their share of the files.
const TOP: [string, number][] = [
  ['drivers', 0.42],
  ['arch', 0.17],
  ['include', 0.07],
  ['fs', 0.05],
  ['Documentation', 0.07],
  ['tools', 0.06],
  ['sound', 0.04],
  ['net', 0.03],
  ['kernel', 0.015],
  ['lib', 0.015],
  ['mm', 0.005],
  ['security', 0.005],
  ['scripts', 0.01],
  ['crypto', 0.005],
  ['block', 0.003],
  ['samples', 0.007],
];
const EXT: [string, number][] = [
  ['.c', 0.52],
  ['.h', 0.3],
  ['.rst', 0.05],
  ['.yaml', 0.04],
  ['.S', 0.02],
  ['.dts', 0.03],
  ['.txt', 0.01],
  ['.sh', 0.01],
  ['.py', 0.01],
];
const SYL = [
  'ac',
  'pi',
  'usb',
  'net',
  'dma',
  'irq',
  'gpu',
  'drm',
  'clk',
  'nv',
  'me',
  'ata',
  'scsi',
  'pci',
  'phy',
  'mmc',
  'i2c',
  'spi',
  'hid',
  'snd',
  'core',
  'bus',
  'reg',
  'ctl',
  'mem',
  'sys',
  'dev',
  'fw',
  'tx',
  'rx',
  'io',
  'pm',
  'vm',
  'fs',
  'blk',
  'gen',
  'qcom',
  'intel',
  'amd',
  'ext',
  'x86',
];

function pick<T>(rnd: () => number, table: [T, number][]): T {
  const total = table.reduce((a, [, w]) => a + w, 0);
  let x = rnd() * total;
  for (const [v, w] of table) if ((x -= w) < 0) return v;
  return table[table.length - 1]![0];
}

const word = (rnd: () => number, parts: number): string =>
  Array.from({ length: parts }, () => SYL[Math.floor(rnd() * SYL.length)]!).join('');

/** Log-normal sizes: median ≈ 4.5 KiB, mean ≈ 10 KiB, capped at 1 MiB like the kernel's largest sources. */
export function fileSize(rnd: () => number): number {
  const u1 = Math.max(rnd(), 1e-12);
  const u2 = rnd();
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return Math.min(1 << 20, Math.max(0, Math.round(Math.exp(Math.log(4600) + 1.2 * z))));
}
export const MEAN_FILE_SIZE = 4600 * Math.exp((1.2 * 1.2) / 2);

/** The file list for about `totalBytes` of content (≈ 25k files for the default 250 MB). */
export function kernelTree(seed: number, totalBytes: number): TreeFile[] {
  const rnd = prng(seed);
  const count = Math.max(1, Math.round(totalBytes / MEAN_FILE_SIZE));
  const files: TreeFile[] = [];
  const used = new Set<string>();
  for (let i = 0; i < count; i++) {
    const top = pick(rnd, TOP);
    const depth = 1 + Math.floor(rnd() * rnd() * 5);
    const dirs = [top];
    // Few names per level keeps directories at ~20 files each, as in the kernel.
    for (let d = 0; d < depth; d++)
      dirs.push(word(prng(Math.floor(rnd() * 4) + d * 7919 + seed), 1 + (d % 2)));
    let name = word(rnd, 1 + Math.floor(rnd() * 3)) + pick(rnd, EXT);
    let path = `linux/${dirs.join('/')}/${name}`;
    while (used.has(path)) {
      name = `x${name}`;
      path = `linux/${dirs.join('/')}/${name}`;
    }
    used.add(path);
    files.push({ path, size: fileSize(rnd) });
  }
  // Scale so the total lands on the request (tests ask for tiny trees).
  const sum = files.reduce((a, f) => a + f.size, 0) || 1;
  const k = totalBytes / sum;
  for (const f of files) f.size = Math.floor(f.size * k);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const TOKENS = [
  'static',
  'int',
  'struct',
  'return',
  'if',
  'else',
  'for',
  'unsigned',
  'long',
  'const',
  'void',
  'u32',
  'u64',
  'size_t',
  'NULL',
  'err',
  'ret',
  'dev',
  'priv',
  'data',
  'len',
  'goto',
  'out',
  'mutex_lock(&',
  'spin_unlock(&',
  'kfree(',
  'kzalloc(',
  'GFP_KERNEL',
  '->',
  '=',
  '==',
  '!=',
  '&&',
  '||',
  '0x',
  '(',
  ')',
  ';',
  '{',
  '}',
  'EINVAL',
  '-ENOMEM',
  'pr_err("%s\\n",',
  'dev_dbg(',
  'sizeof(*',
  'u8',
  'bool',
  'true',
  'false',
  'case',
  'switch',
  'break;',
  '#include <linux/',
  '#define',
  'BIT(',
  'le32_to_cpu(',
  'readl(',
  'writel(',
];

/** A fixed pool of C-like lines; files are lines drawn from it (gzip squeezes this ~4–6×, like C). */
export function linePool(seed: number, n = 2048): Buffer[] {
  const rnd = prng(seed ^ 0x5eed);
  const pool: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const indent = '\t'.repeat(Math.floor(rnd() * 3));
    const words = 2 + Math.floor(rnd() * 9);
    const parts: string[] = [];
    for (let w = 0; w < words; w++) {
      parts.push(
        rnd() < 0.3
          ? word(rnd, 1 + Math.floor(rnd() * 3))
          : TOKENS[Math.floor(rnd() * TOKENS.length)]!,
      );
    }
    if (rnd() < 0.2) parts.push(String(Math.floor(rnd() * 65536)));
    pool.push(Buffer.from(`${indent}${parts.join(' ')}\n`));
  }
  return pool;
}

/** The content of one file: lines from the pool until `size` bytes (exact). */
export function fileContent(pool: Buffer[], rnd: () => number, size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let off = 0;
  while (off < size) {
    const line = pool[Math.floor(rnd() * pool.length)]!;
    off += line.copy(out, off, 0, Math.min(line.length, size - off));
  }
  return out;
}
