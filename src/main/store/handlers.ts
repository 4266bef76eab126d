import { isAbsolute } from 'node:path';
import { compareRuns } from '../../shared/reference/compare';
import { referenceRuns } from '../../shared/reference';
import { UserError } from '../core/errors';
import type { Services } from '../core/services';
import type { Handlers } from '../core/handler-types';
import { runsToCsv } from './csv';
import { exportRunFile, importRunFile, importText } from './service';

type RunsChannels =
  | 'runs.list'
  | 'runs.get'
  | 'runs.delete'
  | 'runs.exportFile'
  | 'runs.importFile'
  | 'runs.importText'
  | 'runs.csv'
  | 'runs.compare'
  | 'references.list';

/** Paths come from a file dialog; a relative one would silently land in main's cwd. */
function absolute(path: string): string {
  if (!isAbsolute(path)) throw new UserError(`give a full path (got ${path})`);
  return path;
}

export function runsHandlers(s: Services): Pick<Handlers, RunsChannels> {
  return {
    'runs.list': () => s.runs.scan(),
    'runs.get': ({ id }) => s.runs.load(id),
    'runs.delete': async ({ id }) => ({ deleted: await s.runs.remove(id) }),
    'runs.exportFile': async ({ id, path, overwrite }) => ({
      path: await exportRunFile(s, id, absolute(path), overwrite),
    }),
    'runs.importFile': ({ path }) => importRunFile(s, absolute(path)),
    'runs.importText': ({ text, name, save }) =>
      importText(s, text, { ...(name ? { name } : {}), save }),
    'runs.csv': async ({ ids }) => ({
      csv: runsToCsv(await Promise.all(ids.map((id) => s.runs.load(id)))),
    }),
    'runs.compare': async ({ a, b }) => compareRuns(await s.runs.load(a), await s.runs.load(b)),
    'references.list': () => referenceRuns(),
  };
}
