import { useApp } from '../store';

/** Honest placeholder for wizard steps whose features have not landed yet. */
export function NotYetStep({ title }: { title: string }) {
  const back = useApp((s) => s.back);
  return (
    <section className="step" aria-labelledby="notyet-title">
      <h2 id="notyet-title">{title}</h2>
      <p>This step is not available in this version of Drivewise yet.</p>
      <div className="actions">
        <button type="button" onClick={back}>
          Back
        </button>
      </div>
    </section>
  );
}
