/** Offers `blob` as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // the click has started the download; the URL is not needed after this task
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Offers `text` as a download named `name` (CSV unless `type` says otherwise). */
export function saveTextFile(text: string, name: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(new Blob([text], { type }), name);
}
