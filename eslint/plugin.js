// The project's own lint rules (plugin prefix `rampart/`).
import boundaries from './rules/boundaries.js';
import explainedTypeEscape from './rules/explained-type-escape.js';

export default {
  meta: { name: 'rampart' },
  rules: { boundaries, 'explained-type-escape': explainedTypeEscape },
};
