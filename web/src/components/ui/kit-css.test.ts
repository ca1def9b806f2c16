import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The kit's sheets belong to the kit: a screen gets them by using a kit component (or a class name
// the kit exports), never by importing one, so a change to a kit component's markup and its sheet
// stays in this folder. And a screen's look lives in its own .css file, in the design tokens
// (theme/tokens.css), rather than in raw pixels written inline.
const SRC = path.resolve(__dirname, '../..');
const KIT = __dirname;

/**
 * The global sheet takes the button and spinner styles in with it, so they come with the first
 * paint rather than as a render-blocking link (app.css says why).
 */
const KIT_SHEET_IMPORTERS = new Set(['app/app.css']);

/**
 * Screens that must show with no stylesheet chunk at all: the error screen (it also catches a chunk
 * that failed to load) and the splash (up before any chunk has come). Their styles stay inline.
 */
const INLINE_STYLED = new Set(['components/error-boundary.tsx', 'components/splash-screen.tsx']);

function filesUnder(dir: string, name: RegExp): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return filesUnder(file, name);
    return name.test(entry) ? [file] : [];
  });
}

const isInKit = (file: string) => file.startsWith(KIT + path.sep);
const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** A stylesheet a module or sheet imports: `import './x.css'`, `from './x.css?inline'`, `@import '../x.css'`. */
const CSS_IMPORT =
  /(?:\bfrom\s+|\bimport\s*\(?\s*|@import\s+(?:url\(\s*)?)(?:'|")([^'"?]+\.css)(?:\?[^'"]*)?(?:'|")/g;

/** The kit sheets a file imports, as paths from web/src. */
function kitSheetsImportedBy(file: string, text: string): string[] {
  return [...text.matchAll(CSS_IMPORT)]
    .map((match) => path.resolve(path.dirname(file), match[1] ?? ''))
    .filter((sheet) => isInKit(sheet))
    .map(relative);
}

/**
 * Style properties React writes without a unit (its list of unitless numbers, React DOM's
 * isUnitlessNumber); any other number in a style is pixels.
 */
const UNITLESS = new Set([
  'animationIterationCount',
  'aspectRatio',
  'borderImageOutset',
  'borderImageSlice',
  'borderImageWidth',
  'boxFlex',
  'boxFlexGroup',
  'boxOrdinalGroup',
  'columnCount',
  'columns',
  'fillOpacity',
  'flex',
  'flexGrow',
  'flexNegative',
  'flexOrder',
  'flexPositive',
  'flexShrink',
  'floodOpacity',
  'fontWeight',
  'gridArea',
  'gridColumn',
  'gridColumnEnd',
  'gridColumnSpan',
  'gridColumnStart',
  'gridRow',
  'gridRowEnd',
  'gridRowSpan',
  'gridRowStart',
  'lineClamp',
  'lineHeight',
  'opacity',
  'order',
  'orphans',
  'scale',
  'stopOpacity',
  'strokeDasharray',
  'strokeDashoffset',
  'strokeMiterlimit',
  'strokeOpacity',
  'strokeWidth',
  'tabSize',
  'widows',
  'zIndex',
  'zoom',
]);

/** `WebkitLineClamp` -> `lineClamp`: a vendor prefix does not change whether a property has a unit. */
const unprefixed = (name: string) =>
  name.replace(/^(?:Webkit|Moz|ms|O)([A-Z])/, (_match, first: string) => first.toLowerCase());

/** A pixel length written in a string: `'8px 0'`, `'1 1 160px'`. */
const PX_IN_TEXT = /(?<![\w.-])\d*\.?\d+px\b/;

/**
 * The literal parts a style value ends up as: the value itself, or the branches of `a ? b : c` and
 * `a ?? b`, and the fixed text of a template. What is computed (a call, a sum, a `${…}`) is the
 * runtime's, not a raw value.
 */
function literalParts(node: ts.Expression): (number | string)[] {
  if (ts.isParenthesizedExpression(node)) return literalParts(node.expression);
  if (ts.isNumericLiteral(node)) return [Number(node.text)];
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return [-Number(node.operand.text)];
  }
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isConditionalExpression(node))
    return [...literalParts(node.whenTrue), ...literalParts(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.QuestionQuestionToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.AmpersandAmpersandToken,
    ].includes(node.operatorToken.kind)
  ) {
    return [...literalParts(node.left), ...literalParts(node.right)];
  }
  return [];
}

function isRawPixels(property: string, part: number | string): boolean {
  if (typeof part === 'string') return PX_IN_TEXT.test(part);
  return part !== 0 && !property.startsWith('--') && !UNITLESS.has(unprefixed(property));
}

/** `// inline: <why>` (or `{/* inline: <why> *\/}`) on the line above keeps a style inline on purpose. */
const OPT_OUT = /(?:\/\/|\/\*)\s*inline:\s*\S/;

/** Where a .tsx file has an inline style with a raw pixel value: `line (property)`. */
function rawPixelStyles(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isJsxAttribute(node) &&
      node.name.getText(source) === 'style' &&
      node.initializer &&
      ts.isJsxExpression(node.initializer) &&
      node.initializer.expression &&
      ts.isObjectLiteralExpression(node.initializer.expression)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const isOptedOut = line > 0 && OPT_OUT.test(lines[line - 1] ?? '');
      for (const property of node.initializer.expression.properties) {
        if (!ts.isPropertyAssignment(property) || isOptedOut) continue;
        const name =
          ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : '';
        if (literalParts(property.initializer).some((part) => isRawPixels(name, part))) {
          found.push(`${source.getLineAndCharacterOfPosition(property.getStart(source)).line + 1} (${name})`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the UI kit', () => {
  it('is the only place that imports its stylesheets', () => {
    const importers = filesUnder(SRC, /\.(?:tsx?|css)$/)
      .filter((file) => !isInKit(file) && !KIT_SHEET_IMPORTERS.has(relative(file)))
      .flatMap((file) =>
        kitSheetsImportedBy(file, readFileSync(file, 'utf8')).map(
          (sheet) => `${relative(file)} imports ${sheet}`,
        ),
      );
    expect(importers).toStrictEqual([]);
  });
});

describe('inline styles', () => {
  it('hold no raw pixel values outside the kit (a class in the screen .css file does, in tokens)', () => {
    const found = filesUnder(SRC, /\.tsx$/)
      .filter((file) => !isInKit(file) && !/\.test\.tsx$/.test(file) && !INLINE_STYLED.has(relative(file)))
      .flatMap((file) =>
        rawPixelStyles(file, readFileSync(file, 'utf8')).map((where) => `${relative(file)}:${where}`),
      );
    expect(found).toStrictEqual([]);
  });

  it('are told apart from runtime values and unitless numbers', () => {
    const code = [
      /* 1 */ 'const a = <div style={{ marginBottom: 4 }} />;',
      /* 2 */ "const b = <div style={{ padding: '8px 0', margin: 0 }} />;",
      /* 3 */ 'const c = <Icon style={{ fontSize: isSmall ? 20 : 32 }} />;',
      /* 4 */ "const d = <div style={{ flex: '1 1 160px', fontWeight: 700, lineHeight: 1.5, WebkitLineClamp: 2 }} />;",
      /* 5 */ 'const e = <div style={{ width: `${share}%`, height: SIDEBAR_WIDTH_PX, opacity: 0.5 }} />;',
      /* 6 */ 'const f = <div style={{ animationDuration: `${duration}ms`, width: Math.round(p * 100) }} />;',
      /* 7 */ "const g = <div style={{ '--bar-width': 3, zIndex: 2000, margin: '0 auto' }} />;",
      /* 8 */ '// inline: sized from the image it shows',
      /* 9 */ 'const h = <div style={{ width: 48 }} />;',
      /* 10 */ 'const i = <div style={{ maxWidth: 960, padding: `${gap}px 4px` }} />;',
    ].join('\n');
    expect(rawPixelStyles('sample.tsx', code)).toStrictEqual([
      '1 (marginBottom)',
      '2 (padding)',
      '3 (fontSize)',
      '4 (flex)',
      '10 (maxWidth)',
      '10 (padding)',
    ]);
  });
});
