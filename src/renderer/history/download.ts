// Saving a file from the renderer: a download, which Electron turns into a save dialog and the
// browser into a file in Downloads. No path crosses the API, so nothing can be written elsewhere.
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export { errorText } from '../../shared/format';
