// Runs a parsed JSONPath over a document and returns every match with its path, in document order
// (RFC 9535's semantics for the subset json-path-parse.ts reads). Built for 100,000 records: the
// filter is compiled to closures once, a descendant step walks the document once, and paths are
// kept as parent links until a match is listed.
import type { CompareOp, FilterExpr, Literal, Operand, PathQuery, PathStep, Selector } from './json-path-parse.ts';
// Object.keys, not doc-path's remembered keys: a query visits each object once, and remembering
// 100,000 records' keys would cost more than it saves.
import { isContainer, isRecord, type Segment } from './doc-path.ts';

/** A path as a chain of parent links: cheap to extend for every node a step visits. */
export interface PathLink {
  parent: PathLink | undefined;
  key: Segment;
}

export interface NodeList {
  values: unknown[];
  links: Array<PathLink | undefined>;
}

export function pathOf(link: PathLink | undefined): Segment[] {
  const path: Segment[] = [];
  for (let at = link; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

const NOTHING = Symbol('nothing');
type Value = unknown;
type Test = (current: Value, root: Value) => boolean;

function push(out: NodeList, value: Value, parent: PathLink | undefined, key: Segment) {
  out.values.push(value);
  out.links.push({ parent, key });
}

function sliceBounds(length: number, { start, end, step = 1 }: { start?: number; end?: number; step?: number }) {
  const normal = (index: number) => (index >= 0 ? index : length + index);
  if (step > 0) {
    return { from: Math.min(Math.max(normal(start ?? 0), 0), length), to: Math.min(Math.max(normal(end ?? length), 0), length), step };
  }
  return {
    from: Math.min(Math.max(normal(start ?? length - 1), -1), length - 1),
    to: Math.min(Math.max(end === undefined ? -length - 1 : normal(end), -1), length - 1),
    step,
  };
}

type Apply = (value: Value, link: PathLink | undefined, root: Value, out: NodeList) => void;

function compileSelector(selector: Selector): Apply {
  switch (selector.kind) {
    case 'name': {
      const { name } = selector;
      return (value, link, _root, out) => {
        if (isContainer(value) && !Array.isArray(value) && Object.hasOwn(value, name)) push(out, value[name], link, name);
      };
    }
    case 'wildcard':
      return (value, link, _root, out) => {
        if (Array.isArray(value)) for (let index = 0; index < value.length; index += 1) push(out, value[index], link, index);
        else if (isRecord(value)) for (const key of Object.keys(value)) push(out, value[key], link, key);
      };
    case 'index': {
      const { index } = selector;
      return (value, link, _root, out) => {
        if (!Array.isArray(value)) return;
        const at = index >= 0 ? index : value.length + index;
        if (at >= 0 && at < value.length) push(out, value[at], link, at);
      };
    }
    case 'slice':
      return (value, link, _root, out) => {
        if (!Array.isArray(value) || selector.step === 0) return;
        const { from, to, step } = sliceBounds(value.length, selector);
        if (step > 0) for (let index = from; index < to; index += step) push(out, value[index], link, index);
        else for (let index = from; index > to; index += step) push(out, value[index], link, index);
      };
    case 'filter': {
      const test = compileFilter(selector.test);
      return (value, link, root, out) => {
        if (Array.isArray(value)) {
          for (let index = 0; index < value.length; index += 1) if (test(value[index], root)) push(out, value[index], link, index);
        } else if (isRecord(value)) {
          for (const key of Object.keys(value)) if (test(value[key], root)) push(out, value[key], link, key);
        }
      };
    }
  }
}

function compileStep(step: PathStep): (nodes: NodeList, root: Value) => NodeList {
  const applies = step.selectors.map(compileSelector);
  const applyAll = (value: Value, link: PathLink | undefined, root: Value, out: NodeList) => {
    for (const apply of applies) apply(value, link, root, out);
  };
  if (!step.descendant) {
    return (nodes, root) => {
      const out: NodeList = { values: [], links: [] };
      for (let index = 0; index < nodes.values.length; index += 1) applyAll(nodes.values[index], nodes.links[index], root, out);
      return out;
    };
  }
  // `..`: the node itself, then each child's subtree in document order.
  const walk = (value: Value, link: PathLink | undefined, root: Value, out: NodeList) => {
    applyAll(value, link, root, out);
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        const child = value[index];
        if (isContainer(child)) walk(child, { parent: link, key: index }, root, out);
      }
    } else if (isRecord(value)) {
      // for…in: no array of keys per object (parsed JSON has no inherited enumerable keys).
      for (const key in value) {
        const child = value[key];
        if (isContainer(child)) walk(child, { parent: link, key }, root, out);
      }
    }
  };
  return (nodes, root) => {
    const out: NodeList = { values: [], links: [] };
    for (let index = 0; index < nodes.values.length; index += 1) walk(nodes.values[index], nodes.links[index], root, out);
    return out;
  };
}

/** A compiled query: the nodes it selects from a start node (the root, or `@` in a filter). */
function compileQuery(query: PathQuery): (start: Value, root: Value) => NodeList {
  const steps = query.steps.map(compileStep);
  return (start, root) => {
    let nodes: NodeList = { values: [start], links: [undefined] };
    for (const step of steps) {
      nodes = step(nodes, root);
      if (nodes.values.length === 0) break;
    }
    return nodes;
  };
}

/** A path of names and indices only: read straight down, no node lists. */
function compileSingular(query: PathQuery): (current: Value, root: Value) => Value | typeof NOTHING {
  const keys = query.steps.map((step) => step.selectors[0]!) as Array<Extract<Selector, { kind: 'name' | 'index' }>>;
  const fromRoot = query.root === '$';
  return (current, root) => {
    let value = fromRoot ? root : current;
    for (const selector of keys) {
      if (selector.kind === 'name') {
        if (!isContainer(value) || Array.isArray(value) || !Object.hasOwn(value, selector.name)) return NOTHING;
        value = value[selector.name];
      } else {
        if (!Array.isArray(value)) return NOTHING;
        const at = selector.index >= 0 ? selector.index : value.length + selector.index;
        if (at < 0 || at >= value.length) return NOTHING;
        value = value[at];
      }
    }
    return value;
  };
}

function compileOperand(operand: Operand): (current: Value, root: Value) => Value | typeof NOTHING {
  if (operand.kind === 'literal') {
    const value: Literal = operand.value;
    return () => value;
  }
  return compileSingular(operand.query);
}

function deepEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(other).length &&
    keys.every((key) => Object.hasOwn(other, key) && deepEqual((a as Record<string, unknown>)[key], other[key]))
  );
}

function less(a: Value, b: Value): boolean {
  return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string') ? a < b : false;
}

const COMPARE: Record<CompareOp, (a: Value, b: Value) => boolean> = {
  '==': (a, b) => deepEqual(a, b),
  '!=': (a, b) => !deepEqual(a, b),
  '<': (a, b) => less(a, b),
  '<=': (a, b) => less(a, b) || deepEqual(a, b),
  '>': (a, b) => less(b, a),
  '>=': (a, b) => less(b, a) || deepEqual(a, b),
};

function compileFilter(expr: FilterExpr): Test {
  switch (expr.kind) {
    case 'or': {
      const left = compileFilter(expr.left);
      const right = compileFilter(expr.right);
      return (current, root) => left(current, root) || right(current, root);
    }
    case 'and': {
      const left = compileFilter(expr.left);
      const right = compileFilter(expr.right);
      return (current, root) => left(current, root) && right(current, root);
    }
    case 'not': {
      const inner = compileFilter(expr.expr);
      return (current, root) => !inner(current, root);
    }
    case 'exists': {
      const select = compileQuery(expr.query);
      const fromRoot = expr.query.root === '$';
      return (current, root) => select(fromRoot ? root : current, root).values.length > 0;
    }
    case 'compare': {
      const left = compileOperand(expr.left);
      const right = compileOperand(expr.right);
      const compare = COMPARE[expr.op];
      // NOTHING (a path that is not there) equals only NOTHING and orders with nothing.
      return (current, root) => {
        const a = left(current, root);
        const b = right(current, root);
        if (a === NOTHING || b === NOTHING) {
          const same = a === b;
          return expr.op === '!=' ? !same : same && expr.op !== '<' && expr.op !== '>';
        }
        return compare(a, b);
      };
    }
  }
}

/** Every node the query selects from `root`, in document order, with parent-linked paths. */
export function evaluateJsonPath(query: PathQuery, root: Value): NodeList {
  return compileQuery(query)(root, root);
}
