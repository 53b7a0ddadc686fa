/** List or grid, remembered in localStorage (spec: "view mode saved locally"). */
export type ViewMode = 'list' | 'grid';
export const VIEW_MODE_KEY = 'viewMode';

/**
 * Runs before first paint: puts the saved mode on <html data-view>, so CSS shows the right layout
 * without a flash or a hydration mismatch.
 */
export const VIEW_MODE_BOOT_SCRIPT = `try{var v=localStorage.getItem('${VIEW_MODE_KEY}');if(v==='list'||v==='grid')document.documentElement.dataset.view=v}catch(e){}`;

export function readViewMode(): ViewMode {
  if (typeof document === 'undefined') return 'grid';
  return document.documentElement.dataset.view === 'list' ? 'list' : 'grid';
}

export function saveViewMode(mode: ViewMode): void {
  document.documentElement.dataset.view = mode;
  try {
    localStorage.setItem(VIEW_MODE_KEY, mode);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
