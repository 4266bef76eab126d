import type { LiveValue } from '../types';
import type { SettleRule } from './settle';

/** Options every fd-based method takes; the root helper passes the same shape. */
export interface MethodOptions {
  seconds?: number;
  /** Stop before `seconds` once the rate has settled (settle.ts); absent: run to the bound. */
  settle?: SettleRule | null;
  signal?: AbortSignal;
  onProgress?: (fraction: number, live?: LiveValue) => void;
}
