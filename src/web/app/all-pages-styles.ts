/** The stylesheet of every screen (all-pages.css), as a chunk router.tsx loads before such a page. */
import "../all-pages.css";
