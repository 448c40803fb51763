// A feature (src/features/<name>/) imports only itself, src/lib, src/components and src/types. Pages that
// combine features live under src/app (docs/architecture.md, "Feature coupling"). Checked for both the
// `@/features/…` alias and relative paths that climb out of the feature's folder.
import path from 'node:path';

const FEATURES = `${path.sep}src${path.sep}features${path.sep}`;

/** The feature a file or import target belongs to, or undefined outside src/features. */
function featureOf(file) {
  const at = file.lastIndexOf(FEATURES);
  if (at < 0) return undefined;
  return file.slice(at + FEATURES.length).split(path.sep)[0];
}

function target(fromFile, source) {
  if (source.startsWith('@/')) return path.join(fromFile.slice(0, fromFile.lastIndexOf(`${path.sep}src${path.sep}`)), 'src', source.slice(2));
  if (source.startsWith('.')) return path.resolve(path.dirname(fromFile), source);
  return undefined;
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature must not import another feature; combine features in src/app.' },
    messages: {
      crossFeature:
        "The feature '{{from}}' imports the feature '{{to}}'. Move what both need to src/lib or src/components, or combine them in a page under src/app.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const resolved = target(file, source);
      const to = resolved === undefined ? undefined : featureOf(`${resolved}${path.sep}`);
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
