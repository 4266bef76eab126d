// The one formatting module: numbers, sizes and durations for every screen, the report and the CLI.
export * from './bytes';
export * from './drive';
export * from './duration';
export * from './figure';
export * from './money';
export * from './number';
export * from './untimed';
export * from './words';

/** One line for any rejection: API errors arrive as Error, anything else is stringified. */
export const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
