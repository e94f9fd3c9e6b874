/** Saves a blob as a file through a temporary link (the browser's download). */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves CSV text as a file. */
export const saveCsv = (fileName: string, text: string) =>
  saveBlob(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
