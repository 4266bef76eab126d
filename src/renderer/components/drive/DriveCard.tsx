import type { DriveInfo } from '../../../shared/schemas/drive';
import { fmtCapacity } from '../../../shared/format';
import { driveTitle, freeOf, KIND_LABEL, linkLine } from './format';

export function DriveCard(props: { drive: DriveInfo; selected: boolean; onSelect(): void }) {
  const { drive: d, selected, onSelect } = props;
  const free = freeOf(d);
  const t = d.testability;
  // Where its filesystems are, so a person can tell two similar disks apart.
  const mounts = [...new Set(d.partitions.flatMap((p) => p.mountpoints))];
  const slow =
    d.link?.deviceMaxCeilingMBps &&
    d.link.ceilingMBps &&
    d.link.deviceMaxCeilingMBps > d.link.ceilingMBps;
  return (
    <button
      type="button"
      className={`drive-card${selected ? ' selected' : ''}`}
      aria-pressed={selected}
      onClick={onSelect}
      data-testid={`drive-card-${d.name}`}
    >
      <span className="drive-card-badges">
        <span className={`badge kind kind-${d.kind}`}>{KIND_LABEL[d.kind]}</span>
        {d.isSystem && <span className="badge ok">System drive</span>}
        {d.removable && <span className="badge">Removable</span>}
      </span>
      <span className="drive-card-title">{driveTitle(d)}</span>
      <span className="drive-card-sub">
        {d.path} · {fmtCapacity(d.sizeBytes)}
        {d.isSystem && d.holds.length ? ` · holds ${d.holds.join(' ')}` : ''}
      </span>
      {!d.isSystem && mounts.length > 0 && (
        <span className="drive-card-sub" data-testid="drive-card-mounts">
          Mounted at {mounts.join(', ')}
        </span>
      )}
      <dl className="drive-card-facts">
        <dt>Link</dt>
        <dd>{linkLine(d)}</dd>
        <dt>Free</dt>
        <dd>{free === null ? 'nothing mounted' : fmtCapacity(free)}</dd>
        <dt>TRIM</dt>
        <dd>{d.trim === null ? 'unknown' : d.trim ? 'yes' : 'no'}</dd>
      </dl>
      {slow && (
        <span className="drive-card-note warn-text">
          The drive supports {d.link?.deviceMax}; this port caps it.
        </span>
      )}
      {t && !t.fileTests && <span className="drive-card-note warn-text">{t.reason}</span>}
    </button>
  );
}
