/**
 * The renderer's entry (index.html): the company portal (/accesoempresas/...) boots its own small tree, so a
 * company's first load never downloads the operators' dashboard; every other address boots the full app.
 * Both are the same build and the same origin, so the desktop window and the served web build keep working.
 */
/** /accesoempresas/{id} and below (the bare /accesoempresas is not a portal address). */
export const ES_PORTAL = /^\/accesoempresas\/[^/]+/;

if (ES_PORTAL.test(window.location.pathname)) {
  void import('./main-portal');
} else {
  void import('../main');
}
