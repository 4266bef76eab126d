// Browser mode's file and folder picker: the host lists one folder at a time (files.list), with
// the mounted drives first. The app never shows it: there files.choose opens the desktop's own
// dialog. A native <dialog>, so focus stays inside and Escape closes it.
import { useEffect, useId, useRef, useState } from 'react';
import type { ChooseKind, Listing } from '../../../shared/contract/files';
import { errorText } from '../../../shared/format';
import { api } from '../../api/transport';
import './chooser.css';

export interface PickerProps {
  kind: ChooseKind;
  title: string;
  /** Where to open: the field's current value (a file opens at its folder). */
  start?: string | undefined;
  extensions?: string[] | undefined;
  onDone: (path: string | null) => void;
}

function useListing(kind: ChooseKind, extensions: string[] | undefined, start?: string) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = (dir?: string): void => {
    setError(null);
    api()
      .filesList({
        files: kind === 'file',
        ...(dir ? { dir } : {}),
        ...(extensions ? { extensions } : {}),
      })
      .then(setListing)
      .catch((e: unknown) => setError(errorText(e)));
  };
  // Opened once, where the field points (or home); a field that names nothing real opens home.
  useEffect(() => {
    api()
      .filesList({
        files: kind === 'file',
        ...(start ? { dir: start } : {}),
        ...(extensions ? { extensions } : {}),
      })
      .catch(() =>
        api().filesList({ files: kind === 'file', ...(extensions ? { extensions } : {}) }),
      )
      .then(setListing)
      .catch((e: unknown) => setError(errorText(e)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return { listing, error, open };
}

const join = (dir: string, name: string) => (dir.endsWith('/') ? dir + name : `${dir}/${name}`);
const ACTION: Record<ChooseKind, string> = {
  folder: 'Use this folder',
  file: 'Open',
  save: 'Save here',
};

type Open = (dir?: string) => void;

function Places({ listing, open }: { listing: Listing | null; open: Open }) {
  return (
    <nav aria-label="Drives and places" className="pp-places">
      <ul>
        {listing?.places.map((pl) => (
          <li key={pl.path}>
            <button
              type="button"
              aria-current={listing.dir === pl.path}
              onClick={() => open(pl.path)}
            >
              {pl.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The folder listed: Up, its path, its entries (folders end in /, as `ls -F` shows them). */
function FolderView(p: {
  listing: Listing | null;
  open: Open;
  kind: ChooseKind;
  file: string | null;
  setFile: (f: string | null) => void;
}) {
  const { listing, open } = p;
  return (
    <div className="pp-main">
      <p className="pp-where">
        <button
          type="button"
          disabled={!listing?.parent}
          onClick={() => open(listing?.parent ?? undefined)}
        >
          Up
        </button>{' '}
        <code data-testid="picker-dir">{listing?.dir ?? '…'}</code>
      </p>
      <ul className="pp-entries" aria-label={`In ${listing?.dir ?? 'this folder'}`}>
        {listing?.entries.map((e) => (
          <li key={e.path}>
            <button
              type="button"
              className={e.kind}
              aria-pressed={e.kind === 'file' ? p.file === e.path : undefined}
              onClick={() => {
                if (e.kind === 'file') return p.setFile(e.path);
                p.setFile(null);
                open(e.path);
              }}
            >
              {e.kind === 'folder' ? `${e.name}/` : e.name}
            </button>
          </li>
        ))}
        {listing && listing.entries.length === 0 && (
          <li className="muted">
            {p.kind === 'file' ? 'No matching files here.' : 'No folders here.'}
          </li>
        )}
      </ul>
      {listing?.truncated && (
        <p className="muted small">Only the first {listing.entries.length} are listed.</p>
      )}
    </div>
  );
}

/** Shown modal at once; `onDone` gets the chosen path, or null for Cancel and Escape. */
export function PathPicker(p: PickerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { listing, error, open } = useListing(p.kind, p.extensions, p.start);
  const [file, setFile] = useState<string | null>(null);
  const [name, setName] = useState(
    p.kind === 'save' && p.start ? (p.start.split('/').pop() ?? '') : '',
  );
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
  }, []);
  const chosen = !listing
    ? null
    : p.kind === 'folder'
      ? listing.dir
      : p.kind === 'file'
        ? file
        : name.trim() && join(listing.dir, name.trim());
  return (
    <dialog
      ref={ref}
      className="path-picker"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        p.onDone(null);
      }}
    >
      <h2 id={titleId}>{p.title}</h2>
      <div className="pp-body">
        <Places listing={listing} open={open} />
        <FolderView listing={listing} open={open} kind={p.kind} file={file} setFile={setFile} />
      </div>
      {p.kind === 'save' && (
        <label className="pp-name">
          File name{' '}
          <input
            type="text"
            value={name}
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <p className="pp-actions">
        <button type="button" onClick={() => p.onDone(null)}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          disabled={!chosen}
          onClick={() => chosen && p.onDone(chosen)}
        >
          {ACTION[p.kind]}
        </button>
      </p>
    </dialog>
  );
}
