import { useApp } from '../store';
import { ADMIN_BADGES } from '../wizard/admin/badges';
import { usePrivileged } from '../wizard/admin/use-privileged';

export function AppFooter() {
  const info = useApp((s) => s.info);
  const error = useApp((s) => s.infoError);
  // The session's state in the Admin step's words; what the machine allows only until it is known.
  const { status } = usePrivileged();
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
      {status
        ? `${ADMIN_BADGES[status.state].text.toLowerCase()} (${status.reason})`
        : `${info.privileged.available ? 'available' : 'unavailable'} (${info.privileged.reason})`}
    </footer>
  );
}
