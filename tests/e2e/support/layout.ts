/**
 * What an operator would notice at a given window size: a badge whose text is cut or that another element
 * covers (a table's pinned actions column lying over it, say), a button or action that lies outside the part
 * of the screen (or of its modal, table cell, scroll area) that shows it. Run in the page; answers one line
 * per problem, naming the element, so a failing test says what to look at.
 */
import type { Page } from '@playwright/test';

export interface Clipped {
  what: string;
  why: string;
}

export async function findClipped(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const problems: { what: string; why: string }[] = [];
    const seen = new Set<Element>();
    const describe = (el: Element): string => {
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ');
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} «${label.slice(0, 60)}»`;
    };
    const visible = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    /** The rectangle the element can be seen in: the viewport cut by every ancestor that clips. */
    const visibleBox = (el: Element): { left: number; right: number; top: number; bottom: number; by: string } => {
      const box = { left: 0, right: window.innerWidth, top: 0, bottom: window.innerHeight, by: 'la ventana' };
      for (let a = el.parentElement; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        const clipsX = s.overflowX !== 'visible';
        if (!clipsX) continue;
        const r = a.getBoundingClientRect();
        if (r.left > box.left) Object.assign(box, { left: r.left, by: describe(a) });
        if (r.right < box.right) Object.assign(box, { right: r.right, by: describe(a) });
      }
      return box;
    };
    /** The layer an element is drawn in: the page, or one modal, drawer or floating box above it. */
    const layer = (el: Element) => el.closest('.mantine-Modal-root, .mantine-Drawer-root, .mantine-Popover-dropdown, .mantine-Tooltip-tooltip, .mantine-Notifications-root');
    /**
     * What lies over a badge, if anything: a pinned (sticky) cell of its own row whose box overlaps it — even
     * below the fold —, or whatever the browser hits at the badge's centre and near its two ends. Something of
     * another layer (the modal above the page, a tooltip) is not the screen's layout.
     */
    const coveredBy = (badge: Element, r: DOMRect): string | null => {
      const row = badge.closest('tr');
      if (row) {
        for (const cell of row.children) {
          if (cell.contains(badge) || getComputedStyle(cell).position !== 'sticky') continue;
          const c = cell.getBoundingClientRect();
          if (c.left < r.right - 1 && c.right > r.left + 1) return `la columna fija ${describe(cell)}`;
        }
      }
      const y = r.top + r.height / 2;
      if (y < 0 || y > window.innerHeight) return null;
      // A badge that lets clicks through (a counter over its button) must still be found by the hit test.
      const el = badge as HTMLElement;
      const before = el.style.pointerEvents;
      el.style.pointerEvents = 'auto';
      try {
        for (const x of [r.left + 2, r.left + r.width / 2, r.right - 2]) {
          const hit = document.elementFromPoint(x, y);
          if (!hit || badge.contains(hit) || hit.contains(badge) || layer(hit) !== layer(badge)) continue;
          return describe(hit);
        }
        return null;
      } finally {
        el.style.pointerEvents = before;
      }
    };
    const targets = document.querySelectorAll(
      '.mantine-Badge-root, button, a[href], [role="button"], [role="menuitem"], input[type="checkbox"], .mantine-Switch-root',
    );
    for (const el of targets) {
      // Toasts slide in from beyond the edge and leave by themselves after a few seconds: not a layout.
      if (seen.has(el) || !visible(el) || el.closest('.mantine-Notifications-root')) continue;
      seen.add(el);
      // Elements inside a closed or scrolled-away virtual area are not on screen by design: only horizontal
      // clipping counts (vertical scrolling is how long pages and tables are read).
      const r = el.getBoundingClientRect();
      const box = visibleBox(el);
      if (r.right > box.right + 1 || r.left < box.left - 1) {
        problems.push({ what: describe(el), why: `fuera de ${box.by} (${Math.round(r.left)}–${Math.round(r.right)} px, visible ${Math.round(box.left)}–${Math.round(box.right)} px)` });
        continue;
      }
      if (el.classList.contains('mantine-Badge-root')) {
        const label = el.querySelector('.mantine-Badge-label') ?? el;
        if (label.scrollWidth > label.clientWidth + 1) problems.push({ what: describe(el), why: 'texto recortado' });
        else {
          const cover = coveredBy(el, r);
          if (cover) problems.push({ what: describe(el), why: `tapado por ${cover}` });
        }
      }
    }
    return problems;
  });
}

/** Waits until the screen has data on it: no loader and no skeleton left. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]'), null, {
    timeout: 15_000,
  });
}
