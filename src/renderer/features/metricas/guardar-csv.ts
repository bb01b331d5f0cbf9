/**
 * Saves the CSV report: on the desktop through the system save dialog (the File System Access picker, which
 * Electron shows as the native dialog; the download fallback also opens it there), in the browser as a download.
 */
interface SavePicker {
  showSaveFilePicker?: (options: {
    suggestedName: string;
    types: Array<{ description: string; accept: Record<string, string[]> }>;
  }) => Promise<{ createWritable(): Promise<{ write(data: Blob): Promise<void>; close(): Promise<void> }> }>;
}

export function descargar(nombre: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** True when saved (or downloaded); false when the operator cancelled the dialog. */
export async function guardarCsv(nombre: string, contenido: string): Promise<boolean> {
  // A BOM so spreadsheet programs read the accents (Última, días) as UTF-8.
  const blob = new Blob(['\uFEFF', contenido], { type: 'text/csv;charset=utf-8' });
  const picker = (window as unknown as SavePicker).showSaveFilePicker;
  if (window.platform?.kind === 'desktop' && picker) {
    try {
      const handle = await picker({ suggestedName: nombre, types: [{ description: 'CSV', accept: { 'text/csv': ['.csv'] } }] });
      const w = await handle.createWritable();
      await w.write(blob);
      await w.close();
      return true;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return false;
      throw error;
    }
  }
  descargar(nombre, blob);
  return true;
}
