import { useApp } from '../store';

export function AppFooter() {
  const info = useApp((s) => s.info);
  const error = useApp((s) => s.infoError);
  if (error)
    return (
      <footer className="app-footer error" role="alert">
        {error}
      </footer>
    );
  if (!info) return <footer className="app-footer">Connecting…</footer>;
  return (
    <footer className="app-footer" data-testid="app-info">
      Drivewise {info.version} · {info.platform}/{info.arch} ·{' '}
      {info.host === 'electron' ? 'desktop app' : 'browser mode'} · admin rights:{' '}
      {info.privileged.available ? 'available' : 'unavailable'} ({info.privileged.reason})
    </footer>
  );
}
