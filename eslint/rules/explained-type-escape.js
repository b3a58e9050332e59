// rampart/explained-type-escape: `as any` and `as never` (or `<any>x`) switch the type checker off for a value, so the
// line that does it carries a comment saying why (e.g. `// a zod union the driver types cannot express`).
const ESCAPES = { TSAnyKeyword: 'any', TSNeverKeyword: 'never' };
const MIN_REASON = 8; // characters of explanation, so `// ok` or `// eslint` is not a reason

export default {
  meta: {
    type: 'problem',
    docs: { description: '`as any` / `as never` only with a comment on the same line saying why' },
    schema: [],
    messages: { unexplained: '`as {{type}}` turns the type checker off here: write why on this line (a comment), or type the value.' },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    function explained(line) {
      return sourceCode.getAllComments().some((comment) => {
        if (comment.loc.start.line > line || comment.loc.end.line < line) return false;
        const text = comment.value.replace(/^[\s*]+|[\s*]+$/g, '').replace(/^eslint-disable\S*\s+\S+\s*(--)?\s*/, '');
        return text.length >= MIN_REASON;
      });
    }
    function check(node) {
      const type = ESCAPES[node.typeAnnotation.type];
      if (!type) return;
      if (explained(node.typeAnnotation.loc.start.line)) return;
      context.report({ node, messageId: 'unexplained', data: { type } });
    }
    return { TSAsExpression: check, TSTypeAssertion: check };
  },
};
