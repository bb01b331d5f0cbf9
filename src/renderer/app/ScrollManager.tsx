import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { SCROLL_RETRY_MS, ScrollMemory, scrollActionFor } from './scroll';

/**
 * Scroll rule of part 1 §2.1: after a navigation, smooth-scroll to the hash target if there is one, else
 * restore the position saved for that history entry (back/forward), else go to the top. Lazy screens may
 * still be loading, so the hash lookup and the restore retry for a short while.
 */
export function ScrollManager() {
  const location = useLocation();
  const memory = useRef(new ScrollMemory());
  const currentKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        memory.current.save(currentKey.current, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const action = scrollActionFor(location.hash, memory.current.get(location.key));
    const deadline = performance.now() + SCROLL_RETRY_MS;
    let frame = 0;

    const attempt = () => {
      frame = 0;
      if (action.kind === 'hash') {
        const target = document.getElementById(action.id);
        if (target) {
          target.scrollIntoView({ behavior: 'smooth', block: 'start' });
          return;
        }
      } else if (action.kind === 'restore') {
        const reachable = document.documentElement.scrollHeight - window.innerHeight >= action.y;
        if (reachable || performance.now() >= deadline) {
          window.scrollTo({ top: action.y, left: 0, behavior: 'auto' });
          return;
        }
      } else {
        window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
        return;
      }
      if (performance.now() < deadline) frame = window.requestAnimationFrame(attempt);
      else if (action.kind === 'hash') window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    };

    attempt();
    return () => {
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [location.key, location.hash]);

  return null;
}
