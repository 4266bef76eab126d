// The host's identity beyond its hostname, recorded in every run: the inventory name the
// orchestrator passes and the machine id (shared by cloned machines, changed by a fresh install).
import { readFileSync } from 'node:fs';
import type { RunHost } from '../../shared/schemas/run';
import { UserError } from '../core/errors';

const MACHINE_ID_FILES = ['/etc/machine-id', '/var/lib/dbus/machine-id'];

/** systemd's format: 32 lowercase hex digits; anything else is not a machine id. */
export function parseMachineId(text: string | null): string | undefined {
  const id = text?.trim().toLowerCase();
  return id && /^[0-9a-f]{32}$/.test(id) ? id : undefined;
}

function readSmall(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').slice(0, 256);
  } catch {
    return null;
  }
}

/** An inventory name as a person types it: printable, one line, at most 200 characters. */
export function checkInventoryName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const n = name.trim();
  if (!n) return undefined;
  if (n.length > 200 || [...n].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    throw new UserError('--host-name: give one line of at most 200 printable characters');
  return n;
}

export function hostIdentity(
  inventoryName: string | undefined,
  read: (path: string) => string | null = readSmall,
): RunHost {
  const machineId = MACHINE_ID_FILES.map((p) => parseMachineId(read(p))).find(Boolean);
  return {
    ...(inventoryName ? { inventoryName } : {}),
    ...(machineId ? { machineId } : {}),
  };
}
