// The stopwatch form's fields and adding its timings to a run: the form clears and says what was
// added once main has stored them; a failed call goes to onError as one line.
import { useState } from 'react';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import { guessKind, parseSeconds, STOPWATCH_KIND_CHOICES } from '../manual-timings-text';

export type Kind = (typeof STOPWATCH_KIND_CHOICES)[number]['kind'];

const addedText = (title: string, n: number, kind: string) =>
  `Added "${title}" (${n} timing${n > 1 ? 's' : ''}, ${kind.toLowerCase()}) to this run. Time it with the same title on the new drive so the two pair up.`;

export function useStopwatch(
  runId: string,
  onAdded: () => void,
  onError: (message: string | null) => void,
) {
  const [title, setTitle] = useState('');
  const [secs, setSecs] = useState('');
  const [note, setNote] = useState('');
  // null: follow the title ("Boot …" → boot) until the person picks a kind.
  const [kindPicked, setKind] = useState<Kind | null>(null);
  const kind = kindPicked ?? guessKind(title);
  const [status, setStatus] = useState<string | null>(null);
  const choice = STOPWATCH_KIND_CHOICES.find((c) => c.kind === kind)!;

  const seconds = parseSeconds(secs);
  const addStopwatch = () => {
    if (!seconds || !title.trim()) return;
    onError(null);
    api()
      .tasksStopwatchAdd({
        title: title.trim(),
        seconds,
        kind,
        ...(note.trim() ? { note: note.trim() } : {}),
        runId,
      })
      .then(() => {
        setStatus(addedText(title.trim(), seconds.length, choice.label));
        setTitle('');
        setSecs('');
        setNote('');
        setKind(null);
        onAdded();
      })
      .catch((e: unknown) => onError(errorText(e)));
  };
  return {
    title,
    setTitle,
    secs,
    setSecs,
    note,
    setNote,
    kind,
    setKind,
    status,
    choice,
    seconds,
    addStopwatch,
  };
}
