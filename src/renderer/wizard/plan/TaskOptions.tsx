// The real-world tasks' choices: which tree du searches, the tarball, the apps to cold-start.
import type { ReactNode } from 'react';
import type { TaskChoices } from '../wizard-store';
import { BrowseButton } from '../../components/chooser/BrowseButton';

/** What the unpack task reads (the CLI's --tarball takes the same). */
const TARBALLS = ['tar', 'tar.gz', 'tgz', 'tar.xz', 'tar.bz2'];

/** One real-world task's choices: its name, then its fields side by side. */
function TaskRow(props: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="task-row" role="group" aria-labelledby={`task-${props.id}-title`}>
      <span className="task-name" id={`task-${props.id}-title`}>
        {props.title}
      </span>
      {props.children}
    </div>
  );
}

interface RowProps {
  o: TaskChoices;
  onChange(patch: Partial<TaskChoices>): void;
  /** The plan error's id, when bench.plan refused these choices. */
  describedBy: string | undefined;
}

function DuRow({ o, onChange }: RowProps) {
  return (
    <TaskRow id="du" title="Disk search (du)">
      <label className="num-field">
        <span>Besides the generated test files, goes through</span>
        <select
          value={o.duRoot}
          onChange={(e) => onChange({ duRoot: e.target.value as TaskChoices['duRoot'] })}
        >
          <option value="drive">your files on the drive being measured</option>
          <option value="usr">/usr (the installed programs)</option>
          <option value="home">your home folder</option>
          <option value="root">the whole system drive (/)</option>
        </select>
      </label>
      <label className="check-field">
        <input
          type="checkbox"
          checked={o.systemDu}
          onChange={(e) => onChange({ systemDu: e.target.checked })}
        />
        <span>
          Time the system <code>du -skx</code> command instead of Drivewise&rsquo;s walk
        </span>
      </label>
    </TaskRow>
  );
}

function UnpackRow({ o, onChange, describedBy }: RowProps) {
  return (
    <TaskRow id="unpack" title="Unpacking (tar)">
      <label className="num-field">
        <span>Generated tarball compression</span>
        <select
          value={o.compression}
          disabled={o.tarball.trim() !== ''}
          onChange={(e) => onChange({ compression: e.target.value as TaskChoices['compression'] })}
        >
          <option value="gzip">gzip (.tar.gz)</option>
          <option value="xz">xz (.tar.xz, more CPU)</option>
          <option value="bzip2">bzip2 (.tar.bz2, most CPU)</option>
        </select>
      </label>
      <label className="num-field">
        <span>Your own source tarball (optional)</span>
        <input
          type="text"
          spellCheck={false}
          placeholder="/home/you/linux-6.8.tar.xz"
          value={o.tarball}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ tarball: e.target.value })}
        />
      </label>
      <BrowseButton
        kind="file"
        title="Your own source tarball"
        current={o.tarball}
        extensions={TARBALLS}
        onChosen={(tarball) => onChange({ tarball })}
      />
    </TaskRow>
  );
}

function AppsRow({ o, onChange, describedBy }: RowProps) {
  return (
    <TaskRow id="apps" title="App cold start">
      <label className="num-field">
        <span>Apps to start</span>
        <input
          type="text"
          spellCheck={false}
          placeholder="chromium, firefox"
          value={o.apps}
          aria-describedby={describedBy ? `apps-hint ${describedBy}` : 'apps-hint'}
          onChange={(e) => onChange({ apps: e.target.value })}
        />
      </label>
      <span className="muted small task-hint" id="apps-hint">
        Names, full paths or a whole command that starts the app and lets it exit (myapp --quit),
        comma-separated; each is started cold, then warm. Empty: every installed app Drivewise knows
        how to start (Chromium, Firefox, LibreOffice, GIMP, Inkscape) that lives on this drive.
      </span>
    </TaskRow>
  );
}

/** The choices in plain words, for the closed disclosure's line. */
function choicesLine(o: TaskChoices, chosen: Set<string>): string {
  const words = [
    chosen.has('task.du') && `the disk search goes through ${DU_WORDS[o.duRoot]}`,
    chosen.has('task.unpack') &&
      (o.tarball.trim() ? 'unpacks your own tarball' : 'unpacks a generated archive'),
    chosen.has('task.app-start') &&
      (o.apps.trim() ? `starts ${o.apps.trim()}` : 'starts the installed apps it knows'),
  ].filter((w): w is string => typeof w === 'string');
  return words.join('; ');
}

const DU_WORDS: Record<TaskChoices['duRoot'], string> = {
  drive: 'your files on the drive',
  usr: 'the installed programs',
  home: 'your home folder',
  root: 'the whole system drive',
};

/**
 * Shown when the plan holds any of the tasks with choices; `chosen` is the plan's test ids. One
 * click away (open for custom and when the plan refused a choice): the three rows made the step
 * half a laptop screen longer for choices most people keep.
 */
export function TaskOptions(props: RowProps & { chosen: Set<string>; open: boolean }) {
  const { chosen, o } = props;
  if (!chosen.has('task.du') && !chosen.has('task.unpack') && !chosen.has('task.app-start'))
    return null;
  return (
    <details className="task-details" open={props.open || props.describedBy !== undefined}>
      <summary data-testid="plan-tasks-summary">
        Timed tasks: {choicesLine(o, chosen)} (change)
      </summary>
      <fieldset className="task-options">
        <legend>Real-world tasks</legend>
        {chosen.has('task.du') && <DuRow {...props} />}
        {chosen.has('task.unpack') && <UnpackRow {...props} />}
        {chosen.has('task.app-start') && <AppsRow {...props} />}
      </fieldset>
    </details>
  );
}
