/**
 * Vite plugin: marks the chunks every storefront page runs at boot (those holding `bootModules`: React DOM) with V8's explicit
 * compile hint, `//# allFunctionsCalledOnLoad`. Chrome then compiles all their functions on a background thread
 * while the file downloads, instead of one by one on the main thread as the page boots (docs/performance.md).
 * https://v8.dev/blog/explicit-compile-hints
 */
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

export function compileHints(bootModules: RegExp): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // after minification, which would drop the comment, and before the file's name is hashed
    enforce: 'post',
    renderChunk: {
      order: 'post',
      handler(code, chunk) {
        return chunk.moduleIds.some((id) => bootModules.test(id)) ? { code: HINT + code, map: null } : null;
      },
    },
  };
}
