import { describe, expect, it } from 'vitest';
import { channels, eventNames, events, methodName, requests } from '../../../src/shared/contract';
import { runDocument } from '../../../src/shared/schemas/run';

describe('contract', () => {
  it('names every channel as domain.verb and maps it to a method name', () => {
    for (const c of channels) expect(c).toMatch(/^[a-z]+(\.[a-zA-Z]+)+$/);
    expect(methodName('app.info')).toBe('appInfo');
    expect(methodName('drives.resolve.path')).toBe('drivesResolvePath');
    expect(new Set(channels.map(methodName)).size).toBe(channels.length);
  });

  it('app.info accepts an empty request and rejects extra fields', () => {
    expect(requests['app.info'].req.safeParse({}).success).toBe(true);
    expect(requests['app.info'].req.safeParse({ evil: 1 }).success).toBe(false);
  });

  it('job.progress rejects fractions outside 0..1 and negative ETAs', () => {
    const ok = { jobId: 'j', kind: 'bench', fraction: 0.5, etaSeconds: 3 };
    expect(events['job.progress'].safeParse(ok).success).toBe(true);
    expect(events['job.progress'].safeParse({ ...ok, fraction: 1.5 }).success).toBe(false);
    expect(events['job.progress'].safeParse({ ...ok, etaSeconds: -1 }).success).toBe(false);
    expect(eventNames).toContain('job.finished');
  });

  it('run documents must carry the schema tag and version', () => {
    const doc = {
      schema: 'drivewise.run',
      version: 1,
      id: 'r1',
      label: 'before',
      createdAt: new Date().toISOString(),
      appVersion: '0.1.0',
      source: { kind: 'measured' },
      machine: null,
      drive: null,
      targetDir: '/tmp',
      settings: { profile: 'quick', tests: [], repetitions: 3 },
      privilege: { state: 'declined' },
      caveats: [],
      tests: [],
    };
    expect(runDocument.safeParse(doc).success).toBe(true);
    expect(runDocument.safeParse({ ...doc, schema: 'other' }).success).toBe(false);
    expect(runDocument.safeParse({ ...doc, id: '../evil' }).success).toBe(false);
  });
});
