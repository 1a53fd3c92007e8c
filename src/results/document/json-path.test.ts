// The JSONPath subset: each supported form against a small document (results and their paths in
// document order), RFC 9535's filter semantics for missing values and mixed types, and an invalid
// expression refused with a message and the character where reading stopped.
import { describe, expect, it } from 'vitest';
import { formatPath } from './doc-path.ts';
import { evaluateJsonPath, pathOf } from './json-path-eval.ts';
import { JsonPathError, parseJsonPath } from './json-path-parse.ts';

const store = {
  store: {
    book: [
      { category: 'reference', author: 'Nigel Rees', title: 'Sayings of the Century', price: 8.95 },
      { category: 'fiction', author: 'Evelyn Waugh', title: 'Sword of Honour', price: 12.99 },
      { category: 'fiction', author: 'Herman Melville', title: 'Moby Dick', isbn: '0-553-21311-3', price: 8.99 },
      { category: 'fiction', author: 'J. R. R. Tolkien', title: 'The Lord of the Rings', isbn: '0-395-19395-8', price: 22.99 },
    ],
    bicycle: { color: 'red', price: 399 },
    'odd key': { "it's": true, 0: 'zero' },
  },
  empty: [],
  nothing: null,
};

function run(expression: string, root: unknown = store) {
  const nodes = evaluateJsonPath(parseJsonPath(expression), root);
  return nodes.links.map((link, index) => [formatPath(pathOf(link)), nodes.values[index]] as const);
}
const paths = (expression: string, root: unknown = store) => run(expression, root).map(([path]) => path);
const values = (expression: string, root: unknown = store) => run(expression, root).map(([, value]) => value);

describe('JSONPath: selectors', () => {
  it('$ is the root', () => {
    expect(run('$')).toEqual([['$', store]]);
  });

  it(".name and ['name'] pick a member; a missing one picks nothing", () => {
    expect(values('$.store.bicycle.color')).toEqual(['red']);
    expect(values("$['store']['bicycle'][\"price\"]")).toEqual([399]);
    expect(paths("$.store['odd key']['it\\'s']")).toEqual(["$.store['odd key']['it\\'s']"]);
    expect(values('$.store.nope')).toEqual([]);
    expect(values('$.store.book.category')).toEqual([]);
  });

  it('[n] picks an index, negative from the end; out of range picks nothing', () => {
    expect(values('$.store.book[0].title')).toEqual(['Sayings of the Century']);
    expect(paths('$.store.book[-1]')).toEqual(['$.store.book[3]']);
    expect(values('$.store.book[4]')).toEqual([]);
    expect(values('$.store.book[-5]')).toEqual([]);
    // An object's key "0" is a name, not an index.
    expect(values("$.store['odd key'][0]")).toEqual([]);
    expect(values("$.store['odd key']['0']")).toEqual(['zero']);
  });

  it('* and [*] pick every child of an object or array, in document order', () => {
    expect(paths('$.store.bicycle.*')).toEqual(['$.store.bicycle.color', '$.store.bicycle.price']);
    expect(values('$.store.book[*].author')).toEqual(['Nigel Rees', 'Evelyn Waugh', 'Herman Melville', 'J. R. R. Tolkien']);
    expect(values('$.empty[*]')).toEqual([]);
    expect(values('$.nothing.*')).toEqual([]);
  });

  it('.. descends: the node itself, then every node below, in document order', () => {
    expect(values('$..price')).toEqual([8.95, 12.99, 8.99, 22.99, 399]);
    expect(paths('$..isbn')).toEqual(['$.store.book[2].isbn', '$.store.book[3].isbn']);
    expect(paths('$.store.bicycle..*')).toEqual(['$.store.bicycle.color', '$.store.bicycle.price']);
    expect(values('$..book[1].title')).toEqual(['Sword of Honour']);
    expect(values("$..['color','price']")).toEqual([8.95, 12.99, 8.99, 22.99, 'red', 399]);
    expect(paths("$..['color','price']").at(-2)).toBe('$.store.bicycle.color');
  });

  it('[start:end:step] slices arrays like Python, with negative bounds and steps', () => {
    const list = { a: [0, 1, 2, 3, 4, 5, 6] };
    expect(values('$.a[1:3]', list)).toEqual([1, 2]);
    expect(values('$.a[:2]', list)).toEqual([0, 1]);
    expect(values('$.a[5:]', list)).toEqual([5, 6]);
    expect(values('$.a[-2:]', list)).toEqual([5, 6]);
    expect(values('$.a[::3]', list)).toEqual([0, 3, 6]);
    expect(values('$.a[::-1]', list)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(values('$.a[5:1:-2]', list)).toEqual([5, 3]);
    expect(values('$.a[1:100]', list)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(values('$.a[::0]', list)).toEqual([]);
    expect(values('$.a[3:1]', list)).toEqual([]);
    expect(paths('$.a[1:3]', list)).toEqual(['$.a[1]', '$.a[2]']);
  });

  // RFC 9535 §2.5.2.2: a descendant segment replaces each input node by that node and all its
  // descendants, each with the segment's selectors applied, so `..*` gives every node below each
  // input node; segments compose (§2.1.2: each segment's output nodelist is the next one's input),
  // and a nodelist keeps duplicates (§2.5.1.2; the compliance suite's "multiple selectors,
  // duplicate index" answers $[1,1] with 1 twice). So $..*..*..* selects every node at depth 3 or
  // more, a node at depth d as often as it has chains of two ancestors between depth 1 and d - 1:
  // C(d - 1, 2) times.
  it('..* composes: $..*..*..* selects each node three levels down or deeper, repeated per RFC 9535', () => {
    const nested = { a: { b: { c: 1 } } };
    expect(paths('$..*', nested)).toEqual(['$.a', '$.a.b', '$.a.b.c']);
    expect(paths('$..*..*', nested)).toEqual(['$.a.b', '$.a.b.c', '$.a.b.c']);
    expect(paths('$..*..*..*', nested)).toEqual(['$.a.b.c']);
    expect(paths('$..*..*..*..*', nested)).toEqual([]);
    // Depth 4 (C(3, 2) = 3 times) in an answer shaped like L's: [{ incidents: [{ … }] }].
    const answer = [{ incidents: [{ incident_code: 'X1', incident_offense: 'Theft' }] }];
    expect(paths('$..*..*..*', answer)).toEqual([
      '$[0].incidents[0]',
      '$[0].incidents[0].incident_code',
      '$[0].incidents[0].incident_offense',
      '$[0].incidents[0].incident_code',
      '$[0].incidents[0].incident_offense',
      '$[0].incidents[0].incident_code',
      '$[0].incidents[0].incident_offense',
    ]);
    expect(values('$..[*]..[*]..[*]', answer)).toEqual(values('$..*..*..*', answer));
    // An answer two levels deep (an empty page) has nothing three levels down.
    expect(paths('$..*..*..*', [{ incidents: [] }])).toEqual([]);
  });

  it('unions list several selectors, each in turn', () => {
    expect(values('$.store.book[0,2].price')).toEqual([8.95, 8.99]);
    expect(values("$.store.bicycle['price','color']")).toEqual([399, 'red']);
    expect(values('$.store.book[-1, 0:1].price')).toEqual([22.99, 8.95]);
  });
});

describe('JSONPath: filters', () => {
  it('compares with == != < <= > >= against literals', () => {
    expect(values("$.store.book[?(@.category == 'reference')].title")).toEqual(['Sayings of the Century']);
    expect(values("$.store.book[?(@.category != 'fiction')].price")).toEqual([8.95]);
    expect(values('$.store.book[?(@.price < 9)].price')).toEqual([8.95, 8.99]);
    expect(values('$.store.book[?(@.price <= 8.99)].price')).toEqual([8.95, 8.99]);
    expect(values('$.store.book[?(@.price > 20)].title')).toEqual(['The Lord of the Rings']);
    expect(values('$.store.book[?(@.price >= 12.99)].price')).toEqual([12.99, 22.99]);
    // The RFC's form without parentheses reads the same.
    expect(values('$.store.book[?@.price > 20].title')).toEqual(['The Lord of the Rings']);
  });

  it('combines with && || ! and parentheses', () => {
    expect(values("$.store.book[?(@.category == 'fiction' && @.price < 10)].title")).toEqual(['Moby Dick']);
    expect(values("$.store.book[?(@.price > 20 || @.category == 'reference')].price")).toEqual([8.95, 22.99]);
    expect(values("$.store.book[?(!(@.category == 'fiction'))].price")).toEqual([8.95]);
    expect(values('$.store.book[?((@.price < 9 || @.price > 20) && @.isbn)].price')).toEqual([8.99, 22.99]);
  });

  it('tests existence, and a missing value equals nothing but another missing value', () => {
    expect(values('$.store.book[?(@.isbn)].title')).toEqual(['Moby Dick', 'The Lord of the Rings']);
    expect(values('$.store.book[?(!@.isbn)].title')).toEqual(['Sayings of the Century', 'Sword of Honour']);
    expect(values('$.store.book[?(@.isbn == null)]')).toEqual([]);
    expect(values('$.store.book[?(@.isbn != null)].price')).toEqual([8.95, 12.99, 8.99, 22.99]);
    expect(values('$.store.book[?(@.missing == @.other)].price')).toHaveLength(4);
    expect(values('$.store.book[?(@.missing < 1)]')).toEqual([]);
  });

  it('orders only numbers with numbers and strings with strings', () => {
    const mixed = { items: [{ v: 1 }, { v: '2' }, { v: true }, { v: null }, { v: 'b' }] };
    expect(values('$.items[?(@.v < 5)].v', mixed)).toEqual([1]);
    expect(values("$.items[?(@.v > 'a')].v", mixed)).toEqual(['b']);
    expect(values('$.items[?(@.v == true)].v', mixed)).toEqual([true]);
    expect(values('$.items[?(@.v == null)].v', mixed)).toEqual([null]);
  });

  it('compares with $ paths, reads filters on objects, and works under ..', () => {
    const doc = { limit: 10, prices: { a: 5, b: 15, c: 10 }, deep: [{ x: [{ id: 1, ok: true }, { id: 2 }] }, { id: 3, ok: true }] };
    expect(paths('$.prices[?(@ <= $.limit)]', doc)).toEqual(['$.prices.a', '$.prices.c']);
    expect(values('$..[?(@.ok == true)].id', doc)).toEqual([3, 1]);
    expect(values('$..[?(@.ok)].id', doc)).toEqual([3, 1]);
    expect(values('$.deep[?(@.x[1].id == 2)]', doc)).toEqual([doc.deep[0]]);
    expect(values('$.deep[?(@.x[-1].id == 2)]', doc)).toEqual([doc.deep[0]]);
  });

  it('compares arrays and objects by value', () => {
    const doc = { a: [{ tags: ['x', 'y'], owner: { id: 1 } }], ref: { tags: ['x', 'y'], owner: { id: 1 } } };
    expect(values('$.a[?(@.tags == $.ref.tags)]', doc)).toHaveLength(1);
    expect(values('$.a[?(@.owner == $.ref.owner)]', doc)).toHaveLength(1);
    expect(values('$.a[?(@.owner != $.ref.owner)]', doc)).toHaveLength(0);
  });

  it('reads string escapes and numbers with exponents', () => {
    const doc = { items: [{ s: 'a\'b"c\n' }, { n: 1500 }] };
    expect(values("$.items[?(@.s == 'a\\'b\"c\\n')].s", doc)).toEqual(['a\'b"c\n']);
    expect(values('$.items[?(@.n == 1.5e3)].n', doc)).toEqual([1500]);
    expect(values("$.items[?(@.s == '\\u0061\\'b\"c\\n')].s", doc)).toHaveLength(1);
  });
});

describe('JSONPath: expressions that do not read', () => {
  const cases: Array<[string, RegExp, number]> = [
    ['', /Type a JSONPath expression, starting with \$/, 0],
    ['store.book', /A JSONPath starts with \$, found “s”/, 0],
    ['$.', /Expected a name or \* after “\.” at character 3, found the end/, 2],
    ['$.store[', /Expected a quoted name, a number, a slice, \* or a \?filter at character 9, found the end/, 8],
    ['$.store[0', /The “\[” at character 8 is not closed with “\]”/, 9],
    ["$['store", /The text starting at character 3 is not closed with '/, 2],
    ['$.store[0 1]', /Expected “,” or “\]” at character 11, found “1”/, 10],
    ['$.a[?(@.b == )]', /Expected @, \$, a quoted text, a number, true, false or null at character 14/, 13],
    ['$.a[?(@.b == 1]', /Expected “\)” at character 15, found “\]”/, 14],
    ["$.a[?('x')]", /A filter needs a path to test/, 6],
    ['$.a[?(@..b == 1)]', /A comparison needs a path to one value/, 6],
    ['$.a[?(@.b[*] == 1)]', /A comparison needs a path to one value/, 6],
    ['$.a b', /Unexpected “b” at character 5/, 4],
    ["$['\\q']", /Unknown escape “\\q”/, 3],
    ['$[99999999999999999999]', /too large/, 2],
  ];
  it.each(cases)('%s', (expression, message, at) => {
    let caught: unknown;
    try {
      parseJsonPath(expression);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(JsonPathError);
    expect((caught as JsonPathError).message).toMatch(message);
    expect((caught as JsonPathError).at).toBe(at);
  });

  it('refuses an expression longer than 1,000 characters, which nested parentheses would overflow the stack with', () => {
    const deep = `$[?${'('.repeat(50_000)}@.a${')'.repeat(50_000)}]`;
    expect(() => parseJsonPath(deep)).toThrow(new JsonPathError('A JSONPath reads at most 1,000 characters; this one has 100,007.', 1000));
    const longest = `$[?${'('.repeat(496)}@.ab${')'.repeat(496)}]`;
    expect(longest).toHaveLength(1000);
    expect(values(longest, [{ ab: 1 }, { b: 2 }])).toEqual([{ ab: 1 }]);
  });
});
