import { useState } from 'react';

/** Copies a fix to the clipboard; falls back to selecting the text where the clipboard is refused. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'select'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('select');
    }
    setTimeout(() => setState('idle'), 2500);
  };
  return (
    <button type="button" className="hc-copy" onClick={() => void copy()} aria-label={label}>
      {state === 'copied' ? 'Copied' : state === 'select' ? 'Select and copy by hand' : 'Copy'}
    </button>
  );
}
