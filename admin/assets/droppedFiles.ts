/*
 * The files of a drop, folders included (the browser's entries API): dropping a folder sends every file inside it,
 * at every level. Written here rather than taken from a drop-zone library, which would weigh about 17 KB gzip on
 * the library's list screen.
 */

/** The entries of a directory; the browser hands them over in batches until an empty one. */
async function entriesOf(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) return [await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject))];
  if (!entry.isDirectory) return [];
  const nested = await Promise.all((await entriesOf(entry as FileSystemDirectoryEntry)).map(filesOf));
  return nested.flat();
}

/** Every file a drop carries: the dropped files, and those inside the dropped folders. */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  // The entries are read at once: the browser empties the drop's items once the event is over.
  const entries = Array.from(transfer.items ?? [])
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) return Array.from(transfer.files);
  const files = await Promise.all(entries.map((entry) => (entry ? filesOf(entry) : Promise.resolve([]))));
  return files.flat();
}
