// Who a fleet file is about: the name the controller fetched it under (the playbook names each
// file HOST.YYYYMMDDTHHMMSSZ.json, a failure HOST.failed.json; older fetches HOST.json), never
// what the file says of itself. A host writes its own run file, so a hostile host can make it
// claim any name and any date; the name and the time of the fetch are the controller's.

import type { RunDocument } from '../../shared/schemas/run';

const STAMPED = /^(.+)\.(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\.json$/;

interface Fetched {
  host: string;
  /** The controller's time of the fetch (ISO), when the name carries it. */
  fetchedAt: string | null;
}

export function fetchedAs(file: string): Fetched {
  if (file.endsWith('.failed.json'))
    return { host: file.slice(0, -'.failed.json'.length), fetchedAt: null };
  const m = STAMPED.exec(file);
  if (m) {
    const [, host, y, mo, d, h, mi, s] = m;
    return { host: host!, fetchedAt: `${y}-${mo}-${d}T${h}:${mi}:${s}.000Z` };
  }
  return { host: file.replace(/\.json$/, ''), fetchedAt: null };
}

/** A run of the app's own history: named by its inventory name, else its machine or its name. */
export function ownName(doc: RunDocument, file: string): Fetched {
  const host = doc.host?.inventoryName ?? doc.machine?.hostname ?? doc.name ?? fetchedAs(file).host;
  return { host, fetchedAt: null };
}

/** Why a file claiming another host's name is not used, or null when it claims none or its own. */
export function claimedElsewhere(claimed: string | undefined, host: string): string | null {
  if (claimed === undefined || claimed === host) return null;
  return `claims to be ${JSON.stringify(claimed)} but was fetched as ${host}: not used (a host is the name it was fetched under)`;
}
