/**
 * Finds plain objects used as dictionaries by a key of type `string`: `dict[key]` on a value whose type has a string
 * index signature (`Record<string, T>`, `{ [k: string]: T }`), read or written. Such a read finds what every object
 * inherits (`dict['constructor']` is a function, `dict['__proto__']` is Object.prototype) and such a write by the key
 * `__proto__` replaces the object's prototype, so a key that came from a URL, a request or an answer can pose as an
 * entry. The type checker tells a dictionary from an array, a Map or a record with known keys, and a key of type
 * `string` from a literal one.
 *
 * Not reported: a read guarded by `Object.hasOwn(dict, key) ? dict[key] : ...` (core/dictionary.ts `ownEntry`), and a
 * dictionary made with `Object.create(null)` in the same function or module (no prototype to find).
 */
import ts from 'typescript';

export interface Lookup {
  /** repo-relative path */
  path: string;
  line: number;
  text: string;
}

const ARRAYISH = /^(?:readonly )?\S+\[\]$|^(?:Readonly)?Array<|^Uint8Array|^Buffer/;

/** `Object.hasOwn(obj, key) ? obj[key] : ...` (or `Object.prototype.hasOwnProperty.call`), with the same obj and key. */
function guardedByHasOwn(node: ts.ElementAccessExpression): boolean {
  const parent = node.parent;
  if (!ts.isConditionalExpression(parent) || parent.whenTrue !== node) return false;
  const cond = parent.condition;
  if (!ts.isCallExpression(cond)) return false;
  const args = cond.expression.getText() === 'Object.hasOwn' ? cond.arguments : cond.expression.getText() === 'Object.prototype.hasOwnProperty.call' ? cond.arguments : undefined;
  if (args?.length !== 2) return false;
  return args[0]!.getText() === node.expression.getText() && args[1]!.getText() === node.argumentExpression.getText();
}

/** The dictionary is a variable whose initializer is `Object.create(null)` (maybe `as T`). */
function withoutPrototype(node: ts.ElementAccessExpression, checker: ts.TypeChecker): boolean {
  const symbol = checker.getSymbolAtLocation(node.expression);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return false;
  let init: ts.Expression = decl.initializer;
  while (ts.isAsExpression(init) || ts.isParenthesizedExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
  return ts.isCallExpression(init) && init.expression.getText() === 'Object.create' && init.arguments[0]?.kind === ts.SyntaxKind.NullKeyword;
}

/** Every element access of `program`'s files named by `include` that reads or writes a plain dictionary by a string. */
export function findDictionaryLookups(program: ts.Program, include: (path: string) => boolean, root: string): Lookup[] {
  const checker = program.getTypeChecker();
  const out: Lookup[] = [];
  for (const sf of program.getSourceFiles()) {
    const path = sf.fileName.startsWith(root) ? sf.fileName.slice(root.length).replace(/^\/+/, '') : sf.fileName;
    if (sf.isDeclarationFile || !include(path)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isElementAccessExpression(node)) {
        const keyType = checker.getTypeAtLocation(node.argumentExpression);
        const objType = checker.getApparentType(checker.getTypeAtLocation(node.expression));
        const byString = (keyType.flags & ts.TypeFlags.String) !== 0 || (keyType.flags & ts.TypeFlags.TemplateLiteral) !== 0;
        const dictionary = checker.getIndexInfoOfType(objType, ts.IndexKind.String) !== undefined && !checker.isArrayType(objType) && !checker.isTupleType(objType) && !ARRAYISH.test(checker.typeToString(objType));
        if (byString && dictionary && !guardedByHasOwn(node) && !withoutPrototype(node, checker)) {
          out.push({ path, line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.getText().slice(0, 100) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** Per file: how many lookups it has. */
export function countByFile(lookups: readonly Lookup[]): Record<string, number> {
  const out: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const l of lookups) out[l.path] = (out[l.path] ?? 0) + 1;
  return out;
}
