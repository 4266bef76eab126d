// "Browse…" beside a typed path: it fills the same field the person can type in, so every check
// the field already runs (the Drive step's folder check, the Plan step's tarball check) runs on
// the chosen path too. In the app the desktop's own dialog opens (files.choose: GNOME's or KDE's
// portal chooser); in browser mode the host's picker (PathPicker).
import { useState } from 'react';
import type { ChooseKind } from '../../../shared/contract/files';
import { api } from '../../api/transport';
import { PathPicker } from './PathPicker';

export function BrowseButton(props: {
  kind: ChooseKind;
  /** The dialog's title: what the path is for. */
  title: string;
  /** The field's value, where the chooser opens. */
  current?: string;
  extensions?: string[];
  onChosen: (path: string) => void;
  disabled?: boolean;
}) {
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = props.current?.trim() || undefined;
  const choose = (): void => {
    setBusy(true);
    api()
      .filesChoose({
        kind: props.kind,
        title: props.title,
        ...(start ? { defaultPath: start } : {}),
        ...(props.extensions ? { extensions: props.extensions } : {}),
      })
      .then((r) => {
        if (!r.supported) setPicking(true);
        else if (r.path) props.onChosen(r.path);
      })
      // No chooser at all is no reason to stop: the field still takes a typed path.
      .catch(() => setPicking(true))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button
        type="button"
        className="browse"
        disabled={props.disabled || busy}
        // A tooltip, not the name: the field's own label stays the one thing named like it.
        title={props.title}
        onClick={choose}
      >
        Browse…
      </button>
      {picking && (
        <PathPicker
          kind={props.kind}
          title={props.title}
          start={start}
          extensions={props.extensions}
          onDone={(path) => {
            setPicking(false);
            if (path) props.onChosen(path);
          }}
        />
      )}
    </>
  );
}
