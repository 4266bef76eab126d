import { z } from 'zod';
import { request } from './define';

export const featureFlags = z.object({
  saveReport: z.boolean(),
  exportResults: z.boolean(),
  importResults: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  node: z.string(),
  /** 'electron' in the desktop app, 'browser' over the loopback host. */
  host: z.enum(['electron', 'browser']),
  privileged: z.object({
    /** Whether admin rights can be had (see PrivilegedManager.canGetAdmin), and why or why not. */
    available: z.boolean(),
    isRoot: z.boolean(),
    reason: z.string(),
  }),
  features: featureFlags,
  /** The person's home folder: where a baseline file is proposed when no removable medium is. */
  home: z.string().nullable().default(null),
});
export type AppInfo = z.infer<typeof appInfo>;

export const menuAction = z.enum([
  'save-report',
  'export-results',
  'import-results',
  'open-fleet',
  'about',
]);
export type MenuAction = z.infer<typeof menuAction>;

export const appRequests = {
  'app.info': request(z.object({}).strict(), appInfo),
} as const;

export const appEvents = {
  /** The app menu was used; the renderer decides what the action means on its current screen. */
  'menu.action': z.object({ action: menuAction }),
} as const;
