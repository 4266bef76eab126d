import { localeCurrency } from '../../shared/format';
import { TASK_KINDS } from '../../shared/prediction/task-kinds';
import type { UsageProfile } from '../../shared/schemas/run';
import { useWizard } from './wizard-store';

const USES: { id: UsageProfile['uses'][number]; label: string }[] = [
  { id: 'office', label: 'Office and web' },
  { id: 'development', label: 'Software development' },
  { id: 'vms', label: 'Virtual machines' },
  { id: 'media', label: 'Photos, audio, video' },
  { id: 'gaming', label: 'Games' },
];

function Num(props: {
  label: string;
  value: number | null;
  min?: number;
  step?: number;
  onChange: (v: number | null) => void;
  suffix?: string;
}) {
  return (
    <label className="num-field">
      <span>{props.label}</span>
      <span>
        <input
          type="number"
          min={props.min ?? 0}
          step={props.step ?? 1}
          value={props.value ?? ''}
          onChange={(e) =>
            props.onChange(
              e.target.value === '' ? null : Math.max(props.min ?? 0, Number(e.target.value)),
            )
          }
        />
        {props.suffix ? ` ${props.suffix}` : ''}
      </span>
    </label>
  );
}

/** Felt tasks the engine times, with the kind that sets their default occurrences per day. */
const FELT_TASKS = [
  { id: 'task.du', kind: 'search', label: 'Disk searches per day', step: 1 },
  { id: 'task.app-start', kind: 'app-start', label: 'App starts per day', step: 1 },
  { id: 'task.unpack', kind: 'unpack', label: 'Archives unpacked per day', step: 0.1 },
] as const;

type FieldsProps = { usage: UsageProfile; setUsage(patch: Partial<UsageProfile>): void };

/** How the day goes: boots or resumes, logins, the felt tasks, days a year. */
function DayFields({ usage, setUsage }: FieldsProps) {
  const shutsDown = usage.bootsPerDay > 0;
  return (
    <div className="usage-grid">
      <label className="num-field">
        <span>At the end of the day you</span>
        <select
          value={shutsDown ? 'shutdown' : 'suspend'}
          onChange={(e) =>
            setUsage(
              e.target.value === 'shutdown'
                ? { bootsPerDay: Math.max(1, usage.bootsPerDay), resumesPerDay: 0 }
                : { bootsPerDay: 0, resumesPerDay: Math.max(1, usage.resumesPerDay) },
            )
          }
        >
          <option value="shutdown">shut down</option>
          <option value="suspend">suspend or hibernate</option>
        </select>
      </label>
      <Num
        label="Boots per day"
        value={usage.bootsPerDay}
        onChange={(v) => setUsage({ bootsPerDay: v ?? 0 })}
      />
      <Num
        label="Resumes per day"
        value={usage.resumesPerDay}
        onChange={(v) => setUsage({ resumesPerDay: v ?? 0 })}
      />
      <Num
        label="Logins per day"
        value={usage.loginsPerDay}
        onChange={(v) => setUsage({ loginsPerDay: v ?? 0 })}
      />
      {FELT_TASKS.map((t) => (
        <Num
          key={t.id}
          label={t.label}
          step={t.step}
          value={usage.tasksPerDay[t.id] ?? TASK_KINDS[t.kind].perDay}
          onChange={(v) =>
            setUsage({
              tasksPerDay: { ...usage.tasksPerDay, [t.id]: v ?? TASK_KINDS[t.kind].perDay },
            })
          }
        />
      ))}
      <Num
        label="Days used per year"
        value={usage.workDaysPerYear}
        min={1}
        onChange={(v) => setUsage({ workDaysPerYear: v ?? 230 })}
      />
    </div>
  );
}

/** What the machine is used for. */
function UsesChoice({ usage, setUsage }: FieldsProps) {
  return (
    <div className="uses" role="group" aria-label="What the machine is used for">
      {USES.map((u) => (
        <label key={u.id}>
          <input
            type="checkbox"
            checked={usage.uses.includes(u.id)}
            onChange={() =>
              setUsage({
                uses: usage.uses.includes(u.id)
                  ? usage.uses.filter((x) => x !== u.id)
                  : [...usage.uses, u.id],
              })
            }
          />{' '}
          {u.label}
        </label>
      ))}
    </div>
  );
}

/** Prices and capacities: the money side of the verdict. */
function PriceFields({ usage, setUsage }: FieldsProps) {
  return (
    <div className="usage-grid prices">
      <Num
        label="Old drive price"
        step={0.01}
        value={usage.oldDrive.price}
        onChange={(v) => setUsage({ oldDrive: { ...usage.oldDrive, price: v } })}
        suffix={usage.currency}
      />
      <Num
        label="Old drive capacity"
        value={usage.oldDrive.capacityGB}
        min={1}
        onChange={(v) => setUsage({ oldDrive: { ...usage.oldDrive, capacityGB: v } })}
        suffix="GB"
      />
      <Num
        label="New drive price"
        step={0.01}
        value={usage.newDrive.price}
        onChange={(v) => setUsage({ newDrive: { ...usage.newDrive, price: v } })}
        suffix={usage.currency}
      />
      <Num
        label="New drive capacity"
        value={usage.newDrive.capacityGB}
        min={1}
        onChange={(v) => setUsage({ newDrive: { ...usage.newDrive, capacityGB: v } })}
        suffix="GB"
      />
      <label className="num-field">
        <span>Currency</span>
        <input
          type="text"
          maxLength={8}
          size={4}
          value={usage.currency}
          onChange={(e) =>
            setUsage({ currency: e.target.value || localeCurrency(navigator.language) })
          }
        />
      </label>
    </div>
  );
}

/** The few facts about a person's day that turn seconds saved into hours per year. */
export function UsageForm() {
  const usage = useWizard((s) => s.usage);
  const setUsage = useWizard((s) => s.setUsage);
  return (
    <fieldset className="usage">
      <legend>How you use this machine</legend>
      <DayFields usage={usage} setUsage={setUsage} />
      <UsesChoice usage={usage} setUsage={setUsage} />
      <PriceFields usage={usage} setUsage={setUsage} />
    </fieldset>
  );
}
