// #37 class 4, fleet identity and numbers. Each attack runs twice: against a plain reader or
// writer (the control: the role and `drivewise fleet` as they were), where it must fire, and
// against the project's, where it must hold.
// - A hostile host's run file claims another host's inventory name and a later date.
// - The same, in the after folder.
// - Inventory names with ../ become the paths of fetched files and failure records.
// - The benchmark's stdout carries a forged "saved run ../../…" line (a lent engine can write it).
// - A run at the schema's 1e12 bound, ranked.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateFleet } from '../../src/main/fleet/service';
import { predict } from '../../src/shared/prediction';
import { usageProfile, type RunDocument } from '../../src/shared/schemas/run';
import { FAST, HDD, req as base } from '../unit/main/fleet/fleet-fixtures';
import { occurrencesPerDay } from '../../src/shared/verdict/tasks';
import { ansibleMissing, lyingHost, NAIVE_PLAYBOOK, playbook } from './fleet-kit';
import { recordAttack, recordControl } from './tally';

const USAGE = usageProfile.parse({});
const SECTION = 'class 4 (fleet identity and numbers)';
const root = mkdtempSync(join(tmpdir(), 'dw-sec-fleet-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const as = (doc: RunDocument, name: string, patch: Partial<RunDocument> = {}): RunDocument => ({
  ...doc,
  host: { ...doc.host, inventoryName: name },
  ...patch,
});
let n = 0;
function folder(files: Record<string, RunDocument>): string {
  const d = join(root, `f${n++}`);
  mkdirSync(d);
  for (const [f, doc] of Object.entries(files)) writeFileSync(join(d, f), JSON.stringify(doc));
  return d;
}
const req = (dir: string, afterDir?: string) => base(dir, afterDir, 0);

/** `drivewise fleet` as it was: the host and the newest run from what each file says. */
function naiveNewest(dir: string): Map<string, string> {
  const best = new Map<string, { id: string; at: string }>();
  for (const f of readdirSync(dir)) {
    const doc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as RunDocument;
    const host = doc.host?.inventoryName ?? f.replace(/\.json$/, '');
    const had = best.get(host);
    if (!had || had.at < doc.createdAt) best.set(host, { id: doc.id, at: doc.createdAt });
  }
  return new Map([...best].map(([h, v]) => [h, v.id]));
}

const forged = (doc: RunDocument, label: RunDocument['label'] = 'before') =>
  as(doc, 'pc-victim', { id: 'forged-1', label, createdAt: '2099-01-01T00:00:00.000Z' });

describe(SECTION, () => {
  it('a file claiming another host is listed, not used (before folder)', async () => {
    const d = folder({
      'pc-victim.20261201T200714Z.json': as(HDD, 'pc-victim', { id: 'real-1' }),
      'pc-evil.20261202T000000Z.json': forged(FAST),
    });
    recordControl(
      SECTION,
      'forged identity, before folder',
      naiveNewest(d).get('pc-victim') === 'forged-1',
    );
    const r = await evaluateFleet(req(d));
    const held =
      r.hosts.length === 1 &&
      r.hosts[0]!.runId === 'real-1' &&
      r.skipped.some((s) => s.file.startsWith('pc-evil') && /claims to be "pc-victim"/.test(s.why));
    recordAttack('class 4: a run file claiming another host (before)', { held });
    expect(held).toBe(true);
  });

  it('a file claiming another host is listed, not used (--after)', async () => {
    const before = folder({ 'pc-victim.json': as(HDD, 'pc-victim') });
    const after = folder({
      'pc-victim.20261203T000000Z.json': as(FAST, 'pc-victim', { id: 'after-own', label: 'after' }),
      'pc-evil.20261204T000000Z.json': forged(HDD, 'after'),
    });
    recordControl(
      SECTION,
      'forged identity, after folder',
      naiveNewest(after).get('pc-victim') === 'forged-1',
    );
    const r = await evaluateFleet(req(before, after));
    const held = r.hosts[0]?.after?.runId === 'after-own';
    recordAttack('class 4: a run file claiming another host (after)', { held });
    expect(held).toBe(true);
  });

  it('a run at the schema’s 1e12 bound never reaches the ranking', async () => {
    const bound: RunDocument = {
      ...as(HDD, 'pc-bound'),
      tests: HDD.tests.map((t) => ({
        ...t,
        measurements: t.measurements.map((m) =>
          m.metric === 'read_iops'
            ? { ...m, samples: [1e12], median: 1e12, min: 1e12, max: 1e12 }
            : m,
        ),
      })),
    };
    const p = predict(bound, { preset: 'sata-ssd' });
    const naiveHours = p.tasks.reduce(
      (a, t) =>
        a + (t.savedPerOccurrence * occurrencesPerDay(t.testId, t.key, USAGE, t.kind) * 230) / 3600,
      0,
    );
    console.log(`class 4: the 1e12 run ranked naively at ${naiveHours.toExponential(2)} h a year`);
    recordControl(SECTION, 'a run at the 1e12 bound', !(Math.abs(naiveHours) <= 24 * 366));
    const r = await evaluateFleet(req(folder({ 'pc-bound.json': bound, 'lab-hdd-01.json': HDD })));
    const b = r.hosts.find((h) => h.host === 'pc-bound')!;
    const held =
      b.hoursPerYear === null &&
      b.flags.includes('implausible') &&
      r.hosts[0]!.host === 'lab-hdd-01' &&
      r.hosts.every((h) => Math.abs(h.hoursPerYear ?? 0) <= 24 * 366);
    recordAttack('class 4: a run at the 1e12 bound ranked', { held });
    expect(held).toBe(true);
  });
});

describe.skipIf(ansibleMissing !== null)(`${SECTION}: the Ansible role`, () => {
  it('../ names write nothing outside the fetch folder; a forged stdout id is not fetched', () => {
    const { installDir, planted } = lyingHost(root);
    const inv = join(root, 'inventory.ini');
    writeFileSync(
      inv,
      [
        '[t]',
        'h1 ansible_connection=local',
        '../esc-a ansible_host=127.0.0.1 ansible_port=1',
        '../esc-b ansible_connection=local',
        '[t:vars]',
        'ansible_python_interpreter=/usr/bin/python3',
        'ansible_become=false',
        '',
      ].join('\n'),
    );
    const outside = (fetch: string) =>
      listAll(join(root, 'out')).filter(
        (p) => !p.startsWith(`${relative(join(root, 'out'), fetch)}/`),
      );
    // The control: the role as it was (fetch path from the printed id, names unchecked).
    const naiveFetch = join(root, 'out/naive/runs');
    mkdirSync(naiveFetch, { recursive: true });
    writeFileSync(join(root, 'naive.yml'), NAIVE_PLAYBOOK);
    playbook(root, [
      '-i',
      inv,
      join(root, 'naive.yml'),
      '-e',
      `install_dir=${installDir}`,
      '-e',
      `fetch_dir=${naiveFetch}`,
    ]);
    const naiveOut = outside(naiveFetch);
    const naiveGot = readIf(join(naiveFetch, 'h1.json'));
    recordControl(SECTION, 'inventory names with ../', naiveOut.length > 0);
    recordControl(SECTION, 'a forged saved-run line on stdout', naiveGot.includes('"forged":true'));
    console.log(
      `class 4 control: naive role wrote ${naiveOut.join(', ')} outside; fetched ${naiveGot.trim()}`,
    );
    // The role.
    const fetch = join(root, 'out/role/runs');
    mkdirSync(fetch, { recursive: true });
    const before = outside(fetch);
    const r = playbook(root, [
      '-i',
      inv,
      join(process.cwd(), 'deploy/ansible/playbook.yml'),
      '--tags',
      'measure',
      '-e',
      `drivewise_install_dir=${installDir}`,
      '-e',
      `drivewise_tmp_parent=${root}`,
      '-e',
      `drivewise_fetch_dir=${fetch}`,
    ]);
    const wrote = outside(fetch).filter((p) => !before.includes(p));
    const got = readdirSync(fetch);
    const refused = (r.out.match(/an inventory name names the run files/g) ?? []).length;
    const real =
      got.length === 1 &&
      /^h1\.\d{8}T\d{6}Z\.json$/.test(got[0]!) &&
      readIf(join(fetch, got[0]!)).includes('r-real');
    recordAttack('class 4: inventory names with ../ as paths', {
      held: refused === 2 && wrote.length === 0,
      outsideTouched: wrote.length,
    });
    recordAttack('class 4: a forged saved-run line on stdout', {
      held: real && existsSync(planted),
    });
    expect(wrote).toEqual([]);
    expect(refused, r.out).toBe(2);
    expect(got, r.out).toHaveLength(1);
    expect(real).toBe(true);
  }, 120_000);
});

function readIf(p: string): string {
  return existsSync(p) ? readFileSync(p, 'utf8') : '';
}

function listAll(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}
