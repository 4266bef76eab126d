// Runs sandboxed in the renderer: exposes named contract methods only, never ipcRenderer itself.
import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi } from '../shell/preload-api';

contextBridge.exposeInMainWorld('drivewise', buildPreloadApi(ipcRenderer));
