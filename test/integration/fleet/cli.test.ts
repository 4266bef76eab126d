// `drivewise fleet` as built (dist/main/cli.js): a folder of many run files, with
// damaged and foreign files among the runs, and its CSV and PDF outputs.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../engine/helpers';

const temp = tempDirs();
const fixtures = ['quick-hdd-like.json', 'quick-fast.json'].map(
  (f) =>
    JSON.parse(readFileSync(join('test/fixtures/fleet', f), 'utf8')) as Record<string, unknown>,
);

function folder(n: number): string {
  const d = temp('fleet-cli');
  for (let i = 0; i < n; i++) {
    const doc = { ...fixtures[i % 2]!, id: `run-${i}`, host: { inventoryName: `pc-${i}` } };
    writeFileSync(join(d, `pc-${i}.json`), JSON.stringify(doc));
  }
  writeFileSync(join(d, 'torn.json'), JSON.stringify(fixtures[0]).slice(0, 5000));
  writeFileSync(join(d, 'notes.txt'), 'not a run\n');
  return d;
}

describe('drivewise fleet (built)', () => {
  it('reads 300 files; damaged and foreign files are listed', () => {
    const d = folder(300);
    const r = spawnSync(process.execPath, ['dist/main/cli.js', 'fleet', d, '--json'], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      hosts: { host: string; flags: string[] }[];
      skipped: { file: string; why: string }[];
      filesSeen: number;
    };
    expect(report.filesSeen).toBe(302);
    expect(report.hosts).toHaveLength(300);
    expect(report.skipped).toEqual([
      { file: 'notes.txt', why: 'is not a run file (not .json)' },
      { file: 'torn.json', why: 'is damaged (not valid JSON)' },
    ]);
    // Half the hosts are copies of the HDD-like run: they rank above every fast one.
    expect(report.hosts.slice(0, 150).every((h) => !h.flags.includes('little-gain'))).toBe(true);
    expect(report.hosts.slice(150).every((h) => h.flags.includes('little-gain'))).toBe(true);
  });

  it('writes one CSV row per host and a PDF whose first page is the summary', () => {
    const d = folder(3);
    const out = temp('fleet-out');
    const csv = join(out, 'f.csv');
    const pdf = join(out, 'f.pdf');
    // These quick runs save about 0.03 h a year each: under the default floor of 1 h a year no
    // host is worth a new drive, so the ranking is read with a floor they clear.
    const args = [
      'dist/main/cli.js',
      'fleet',
      d,
      '--min-hours',
      '0.01',
      '--csv',
      csv,
      '--pdf',
      pdf,
    ];
    execFileSync(process.execPath, args);
    const rows = readFileSync(csv, 'utf8').trim().split('\r\n');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^rank,host,/);
    const first = execFileSync('pdftotext', ['-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
    expect(first).toMatch(/Which machines gain most from a new drive/);
    expect(first).toMatch(/Replace first: pc-0, pc-2/);
    expect(first).toMatch(/gain at least 0\.01 h a year/);
    const byDefault = execFileSync(process.execPath, ['dist/main/cli.js', 'fleet', d], {
      encoding: 'utf8',
    });
    expect(byDefault).toMatch(/Worth a new drive \(saves at least 1\.00 h a year\): 0 host\(s\)/);
    const rest = execFileSync('pdftotext', ['-f', '2', pdf, '-'], { encoding: 'utf8' });
    expect(rest).toMatch(/1\. pc-0/);
    expect(rest).toMatch(/Saves nothing/);
  });
});
