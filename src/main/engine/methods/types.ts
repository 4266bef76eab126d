import type { LiveValue } from '../types';
import type { SettleRule } from './settle';

/** Options every fd-based method takes; the root helper passes the same shape. */
export interface MethodOptions {
  seconds?: number;
  /** May end before `seconds` once its rate has settled (settle.ts); absent: runs to the bound. */
  settle?: SettleRule;
  signal?: AbortSignal;
  onProgress?: (fraction: number, live?: LiveValue) => void;
}
