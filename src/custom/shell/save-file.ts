// Hands a file the app holds (an export's bytes) to the browser's download, under its name. It lives
// with the shell, not in src/lib, because it needs the DOM (src/lib is compiled for the server too).
export interface SavedFile {
  blob: Blob;
  filename: string;
}

export function saveFile({ blob, filename }: SavedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
