import type { LiveValue } from '../types';

/** Options every fd-based method takes; the root helper passes the same shape. */
export interface MethodOptions {
  seconds?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number, live?: LiveValue) => void;
}
