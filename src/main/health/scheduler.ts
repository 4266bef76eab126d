// Scheduler: none or mq-deadline for flash (the drive's own queue does the work), bfq or
// mq-deadline for a spinning disk (seeks are what a scheduler saves).
import { check, cmd, ev, isSolidState } from './check-util';
import type { DiskFacts, HealthCheck } from './types';

const T = 'I/O scheduler suits the drive';

export function parseSchedulers(text: string | null): { active: string | null; offered: string[] } {
  if (!text) return { active: null, offered: [] };
  const offered = text
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w.replace(/^\[|\]$/g, ''));
  const m = /\[([^\]]+)\]/.exec(text);
  return { active: m ? m[1]! : offered.length === 1 ? offered[0]! : null, offered };
}

export function checkScheduler(d: DiskFacts | null): HealthCheck {
  if (!d)
    return check('scheduler', 'scheduler', T, 'unknown', 'cannot tell which disk to check', []);
  const src = `/sys/block/${d.name}/queue/scheduler`;
  const { active, offered } = parseSchedulers(d.schedulerText);
  const evidence = [ev(src, d.schedulerText)];
  if (!active) return check('scheduler', 'scheduler', T, 'unknown', `cannot read ${src}`, evidence);
  const spinning = d.kind === 'hdd' || (d.kind === 'usb' && d.rotational);
  const flash = isSolidState(d.kind, d.rotational);
  const good = spinning ? ['bfq', 'mq-deadline'] : ['none', 'mq-deadline'];
  const kindWord = spinning ? 'a hard disk' : flash ? 'an SSD' : `a ${d.kind} disk`;
  const offeredText = `The kernel offers: ${offered.join(', ')}.`;
  if (good.includes(active) || (!spinning && !flash && active !== 'bfq'))
    return check(
      'scheduler',
      'scheduler',
      T,
      'ok',
      `${active} suits ${kindWord}. ${offeredText}`,
      evidence,
    );
  const want = good.find((g) => offered.includes(g)) ?? good[0]!;
  return check(
    'scheduler',
    'scheduler',
    T,
    'warn',
    `${active} is not the best choice for ${kindWord}: ${spinning ? 'without a scheduler a hard disk seeks more under mixed load' : 'bfq spends CPU per request that a fast SSD does not need'}; ${good.join(' or ')} would suit it. ${offeredText}`,
    evidence,
    cmd(
      `echo ${want} | sudo tee ${src}`,
      `lasts until reboot; to keep it, add to /etc/udev/rules.d/60-ioschedulers.rules: ACTION=="add|change", KERNEL=="${d.name}", ATTR{queue/scheduler}="${want}"`,
    ),
  );
}
