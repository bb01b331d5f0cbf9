/**
 * What an operator would notice at a given window size: a badge whose text is cut, a button or action that
 * lies outside the part of the screen (or of its modal, table cell, scroll area) that shows it. Run in the
 * page; answers one line per problem, naming the element, so a failing test says what to look at.
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
