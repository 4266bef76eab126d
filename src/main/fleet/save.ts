// Writing the fleet verdict to a file: the PDF (summary page first, then one section per host)
// or the CSV (one row per host), through core/safe-write. The CLI and the app's fleet.save share it.
import type { FleetReport } from '../../shared/contract/fleet';
import { writeFileSafe } from '../core/safe-write';
import { fleetCsv } from './format';
import { fleetHtml } from './html';
import { printHtmlToPdf } from './pdf';

export type FleetFileFormat = 'pdf' | 'csv';

export interface SavedFleetFile {
  path: string;
  bytes: number;
  /** PDF only. */
  pages: number | null;
}

export async function saveFleetFile(
  report: FleetReport,
  format: FleetFileFormat,
  path: string,
  o: { overwrite: boolean; env: NodeJS.ProcessEnv; top?: number | undefined },
): Promise<SavedFleetFile> {
  if (format === 'csv') {
    const csv = fleetCsv(report);
    await writeFileSafe(path, csv, { overwrite: o.overwrite });
    return { path, bytes: Buffer.byteLength(csv), pages: null };
  }
  const { pdf, pages } = await printHtmlToPdf(fleetHtml(report, o.top), o.env);
  await writeFileSafe(path, pdf, { overwrite: o.overwrite });
  return { path, bytes: pdf.length, pages };
}
