/// A logical condition on managed objects (`NSPredicate`), parsed from Apple's predicate format language.
///
/// ```swift
/// let p = try Predicate(format: "name BEGINSWITH[cd] %@ AND orders.@count > 2", arguments: [.string("a")])
/// try p.evaluate(with: customer)          // true or false
/// p.predicateFormat                        // name BEGINSWITH[cd] "a" AND orders.@count > 2
/// p.keyPaths                               // ["name", "orders.@count"]
/// ```
///
/// The language: comparisons `==` `=` `!=` `<>` `<` `<=` `=<` `>` `>=` `=>` `BETWEEN` `IN`; string
/// operators `BEGINSWITH` `ENDSWITH` `CONTAINS` `LIKE` `MATCHES` with `[c]` `[d]` `[cd]`; `AND`/`&&`,
/// `OR`/`||`, `NOT`/`!` (NOT binds tighter than AND, AND tighter than OR) and parentheses; `ANY`/`SOME`,
/// `ALL`, `NONE`; key paths with `@count` `@sum` `@avg` `@min` `@max`; `nil`/`NULL`, `TRUE`/`YES`,
/// `FALSE`/`NO`, `TRUEPREDICATE`, `FALSEPREDICATE`, `SELF`; quoted strings; numbers; `{…}` collections;
/// `CAST(seconds, "NSDate")`; `%@` `%K` `%d` `%i` `%f` arguments; `$VARIABLE`s and `$x.key` key paths;
/// `SUBQUERY(collection, $x, predicate)` with an optional `.@count`. Keywords are
/// case-insensitive; a key that is a reserved word is written with a `#` prefix (`#date`).
///
/// ## Semantics
///
/// - Numbers compare numerically across integer, double and Boolean; dates with dates and numbers.
/// - Strings compare by Unicode scalar value; `[c]` applies Unicode full case folding (ß = ss), `[d]`
///   removes diacritics after canonical decomposition (ễ = e), both through ICU.
/// - `MATCHES` is ICU's regular expression, matched against the whole string, with a step limit.
/// - NaN is unordered: ordering comparisons with it are false.
/// - `SUBQUERY(collection, $x, predicate).@count` counts the members for which the predicate holds.
/// - Nesting is limited to ``maximumNestingDepth`` levels (a syntax error beyond), so that parsing and
///   evaluation use a bounded native stack. See docs/predicates.md.
/// - `== nil` is true for nil; ordering operators (`<`, `BETWEEN`, …) with a nil operand, or with
///   operands of incompatible types (a string and a number), are false; `==` across types is false.
/// - A key path through a nil to-one is nil. An unknown key throws `.unknownKey`.
/// - A to-many key path compared without `ANY`/`ALL`/`NONE` behaves like `ANY` (as a SQL store does),
///   except with `CONTAINS`, which then tests membership (`orders CONTAINS %@`).
///
/// ## Topics
///
/// - ``init(format:arguments:)``, ``init(block:)``, ``truePredicate``, ``falsePredicate``
/// - ``evaluate(with:substitutionVariables:)``, ``withSubstitutionVariables(_:)``
/// - ``predicateFormat``, ``keyPaths``, ``node``
public final class Predicate: CustomStringConvertible, @unchecked Sendable {
    /// A predicate function: the evaluated object and the substitution variables.
    public typealias Block = (ManagedObject, [String: Value]) throws -> Bool

    /// The structure of a predicate.
    public indirect enum Node {
        /// `TRUEPREDICATE` (true) or `FALSEPREDICATE` (false).
        case constant(Bool)
        /// A comparison (`NSComparisonPredicate`).
        case comparison(ComparisonPredicate)
        /// `NOT` (`NSCompoundPredicate` of type `.not`).
        case not(Node)
        /// `AND` of the subpredicates (true when empty).
        case and([Node])
        /// `OR` of the subpredicates (false when empty).
        case or([Node])
        /// A caller-supplied function (`predicateWithBlock:`).
        case block(Block)
    }

    /// The structure of the predicate.
    public let node: Node
    /// The deepest nesting of parentheses, `NOT`s, `{…}` collections and `SUBQUERY`s the parser accepts
    /// and the evaluator follows; deeper text is a syntax error (`… : nesting deeper than 100 levels`).
    public static let maximumNestingDepth = 100

    /// Compiled `MATCHES` patterns, by options and pattern (looked up, never iterated).
    let regexCache = RegexCache()

    /// Creates a predicate from its structure.
    public init(node: Node) {
        self.node = node
    }

    /// Parses a predicate format string.
    ///
    /// ```swift
    /// let p = try Predicate(format: "%K == %@", arguments: [.string("name"), .string("Ann")])
    /// ```
    ///
    /// - Parameters:
    ///   - format: The text, in Apple's predicate format language.
    ///   - arguments: The values consumed, in order, by `%@`, `%K` (a `.string` naming a key path),
    ///     `%d`, `%i` and `%f`.
    /// - Throws: `.predicateSyntax`. The message is Apple's, followed by a locator:
    ///   `Unable to parse the format string "name == == 'x'" (at position 8, near '==')`. The position is
    ///   the 0-based offset, in characters, of the offending token, which is quoted as written; at the end
    ///   of the text (including an unterminated string) the position is the length of the text and the
    ///   token reads `<end of string>`. Too few arguments read
    ///   `Insufficient arguments for conversion characters specified in format string "…" (at position
    ///   N, near '%@')`.
    public convenience init(format: String, arguments: [Value] = []) throws {
        var parser = try PredicateParser(format: format, arguments: arguments)
        self.init(node: try parser.parse())
    }

    /// A predicate that calls a function (`NSPredicate(block:)`); its format is `BLOCKPREDICATE`.
    ///
    /// ```swift
    /// let p = Predicate { object, _ in try object.value(forKey: "vip") == .bool(true) }
    /// ```
    public convenience init(block: @escaping Block) {
        self.init(node: .block(block))
    }

    /// `TRUEPREDICATE`: matches every object.
    public static let truePredicate = Predicate(node: .constant(true))

    /// `FALSEPREDICATE`: matches no object.
    public static let falsePredicate = Predicate(node: .constant(false))

    /// The canonical text of the predicate; parsing it gives an equivalent predicate (objects, data and
    /// blocks excepted).
    ///
    /// Compound subpredicates of another kind are parenthesized:
    /// `(name == "A" OR name == "B") AND NOT age < 18`.
    public var predicateFormat: String { Predicate.format(node) }

    /// The predicate format.
    public var description: String { predicateFormat }

    /// Every key path the predicate reads, sorted and without duplicates, as written
    /// (`["customer.name", "orders.@count"]`). Block predicates read unknown keys and contribute none.
    public var keyPaths: [String] {
        var paths: [String] = []
        Predicate.collectKeyPaths(node, into: &paths)
        return Array(Set(paths)).sorted()
    }

    /// A copy with the given variables replaced by constants (`predicateWithSubstitutionVariables:`).
    /// Variables not in the dictionary stay variables, to be bound at evaluation.
    ///
    /// ```swift
    /// let adults = try Predicate(format: "age >= $MIN").withSubstitutionVariables(["MIN": .integer(18)])
    /// adults.predicateFormat   // age >= 18
    /// ```
    public func withSubstitutionVariables(_ variables: [String: Value]) throws -> Predicate {
        Predicate(node: Predicate.substitute(node, variables))
    }

    // MARK: - Internals

    /// Compiled regular expressions of one predicate. The simulator is single-threaded, like UIKit's main
    /// thread; a predicate is not meant to be evaluated from several threads at once.
    final class RegexCache {
        @exclusivity(unchecked) private var entries: [String: RegularExpression] = [:]

        func expression(_ pattern: String, options: ComparisonPredicate.Options) throws -> RegularExpression {
            let key = String(options.rawValue) + ":" + pattern
            if let cached = entries[key] { return cached }
            let compiled = try RegularExpression(pattern: pattern, options: options)
            if entries.count < 64 { entries[key] = compiled }
            return compiled
        }
    }

    static func format(_ node: Node) -> String {
        switch node {
        case .constant(let b): return b ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .comparison(let c): return c.predicateFormat
        case .block: return "BLOCKPREDICATE"
        case .not(let inner):
            switch inner {
            case .and, .or: return "NOT (" + format(inner) + ")"
            default: return "NOT " + format(inner)
            }
        case .and(let items): return formatCompound(items, keyword: "AND", isAnd: true)
        case .or(let items): return formatCompound(items, keyword: "OR", isAnd: false)
        }
    }

    private static func formatCompound(_ items: [Node], keyword: String, isAnd: Bool) -> String {
        if items.isEmpty { return isAnd ? "TRUEPREDICATE" : "FALSEPREDICATE" }
        return items.map { item -> String in
            switch item {
            case .and where !isAnd, .or where isAnd: return "(" + format(item) + ")"
            default: return format(item)
            }
        }.joined(separator: " " + keyword + " ")
    }

    /// The key paths read on `$variable` inside a subquery's predicate (`$o.total` gives `total`).
    static func collectVariableKeyPaths(_ node: Node, variable: String, into paths: inout [String]) {
        switch node {
        case .constant, .block: break
        case .comparison(let c):
            for e in [c.leftExpression, c.rightExpression] {
                if case .variableKeyPath(variable, let path) = e { paths.append(path) }
            }
        case .not(let inner): collectVariableKeyPaths(inner, variable: variable, into: &paths)
        case .and(let items), .or(let items):
            for item in items { collectVariableKeyPaths(item, variable: variable, into: &paths) }
        }
    }

    private static func collectKeyPaths(_ node: Node, into paths: inout [String]) {
        switch node {
        case .constant, .block: break
        case .comparison(let c):
            paths += c.leftExpression.keyPaths
            paths += c.rightExpression.keyPaths
        case .not(let inner): collectKeyPaths(inner, into: &paths)
        case .and(let items), .or(let items): for item in items { collectKeyPaths(item, into: &paths) }
        }
    }

    static func substitute(_ node: Node, _ variables: [String: Value]) -> Node {
        switch node {
        case .constant, .block: return node
        case .comparison(var c):
            c.leftExpression = c.leftExpression.substituting(variables)
            c.rightExpression = c.rightExpression.substituting(variables)
            return .comparison(c)
        case .not(let inner): return .not(substitute(inner, variables))
        case .and(let items): return .and(items.map { substitute($0, variables) })
        case .or(let items): return .or(items.map { substitute($0, variables) })
        }
    }
}
