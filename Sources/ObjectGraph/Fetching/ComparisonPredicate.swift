/// A comparison of two expressions (`NSComparisonPredicate`): `name BEGINSWITH[c] "A"`.
///
/// ```swift
/// let p = try Predicate(format: "ANY orders.total > 100")
/// if case .comparison(let c) = p.node { c.modifier }   // .any
/// ```
public struct ComparisonPredicate {
    /// The comparison performed (`NSComparisonPredicate.Operator`).
    public enum Operator: String, Sendable, CaseIterable {
        /// `<`
        case lessThan = "<"
        /// `<=` (also `=<`)
        case lessThanOrEqualTo = "<="
        /// `>`
        case greaterThan = ">"
        /// `>=` (also `=>`)
        case greaterThanOrEqualTo = ">="
        /// `==` (also `=`)
        case equalTo = "=="
        /// `!=` (also `<>`)
        case notEqualTo = "!="
        /// `MATCHES`: the whole string matches a regular expression.
        case matches = "MATCHES"
        /// `LIKE`: the whole string matches a pattern with `*` and `?` wildcards.
        case like = "LIKE"
        /// `BEGINSWITH`
        case beginsWith = "BEGINSWITH"
        /// `ENDSWITH`
        case endsWith = "ENDSWITH"
        /// `IN`: the left value is a member of the right collection (or a substring of the right string).
        case `in` = "IN"
        /// `CONTAINS`: substring test, or membership when the left side is a collection.
        case contains = "CONTAINS"
        /// `BETWEEN`: the left value lies within the two-element right collection, bounds included.
        case between = "BETWEEN"

        /// Whether the operator takes `[c]` / `[d]` options in the canonical format.
        var isStringOperator: Bool {
            switch self {
            case .matches, .like, .beginsWith, .endsWith, .contains: return true
            default: return false
            }
        }
    }

    /// How a to-many left side is compared (`NSComparisonPredicate.Modifier`, plus `NONE`).
    public enum Modifier: String, Sendable {
        /// Compare the left value itself (a to-many left side behaves like `ANY`, as in SQL stores).
        case direct = ""
        /// `ANY` / `SOME`: at least one member satisfies the comparison.
        case any = "ANY"
        /// `ALL`: every member satisfies it (true for an empty collection).
        case all = "ALL"
        /// `NONE`: no member satisfies it (true for an empty collection).
        case noneOf = "NONE"
    }

    /// String comparison options (`NSComparisonPredicate.Options`): `[c]`, `[d]`, `[cd]`.
    public struct Options: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int
        /// Creates options from raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `[c]`: case-insensitive.
        public static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`: diacritic-insensitive (é matches e).
        public static let diacriticInsensitive = Options(rawValue: 2)

        /// `[c]`, `[d]`, `[cd]` or the empty string.
        public var formatSuffix: String {
            switch (contains(.caseInsensitive), contains(.diacriticInsensitive)) {
            case (true, true): return "[cd]"
            case (true, false): return "[c]"
            case (false, true): return "[d]"
            case (false, false): return ""
            }
        }
    }

    /// The left expression.
    public var leftExpression: Expression
    /// The right expression.
    public var rightExpression: Expression
    /// The comparison.
    public var operatorType: Operator
    /// How a to-many left side is compared.
    public var modifier: Modifier
    /// String comparison options.
    public var options: Options

    /// Creates a comparison.
    public init(leftExpression: Expression, rightExpression: Expression, modifier: Modifier = .direct,
                type: Operator, options: Options = []) {
        self.leftExpression = leftExpression
        self.rightExpression = rightExpression
        self.modifier = modifier
        self.operatorType = type
        self.options = options
    }

    /// The canonical text: `ANY orders.total > 100`, `name BEGINSWITH[c] "A"`.
    public var predicateFormat: String {
        var out = modifier == .direct ? "" : modifier.rawValue + " "
        out += leftExpression.predicateFormat + " " + operatorType.rawValue + options.formatSuffix + " "
        out += rightExpression.predicateFormat
        return out
    }
}

/// An operand of a comparison (`NSExpression`).
///
/// ```swift
/// Expression.keyPath("customer.name").predicateFormat   // customer.name
/// Expression.constantValue(.string("A")).predicateFormat // "A"
/// ```
public indirect enum Expression {
    /// A constant (`%@`, a literal, `nil`, `TRUE`).
    case constantValue(Value)
    /// A key path read on the evaluated object, possibly with collection operators (`orders.@count`).
    case keyPath(String)
    /// A substitution variable (`$NAME`).
    case variable(String)
    /// The evaluated object itself (`SELF`).
    case evaluatedObject
    /// A literal collection of expressions (`{1, 2, $MAX}`).
    case aggregate([Expression])
    /// A key path read on the object a variable holds (`$o.total` inside a `SUBQUERY`).
    case variableKeyPath(variable: String, keyPath: String)
    /// `SUBQUERY(collection, $variable, predicate)`: the members of the collection for which the predicate,
    /// with `$variable` bound to the member, is true; with `count`, their number (`.@count`).
    case subquery(collection: Expression, variable: String, predicate: Predicate.Node, count: Bool)

    /// The canonical text of the expression.
    ///
    /// Strings print in double quotes with `\"` and `\\` escaped, dates as `CAST(seconds, "NSDate")`,
    /// Booleans as `TRUE` / `FALSE`, objects by display name (`Customer#1`, not parseable), key-path
    /// components that are reserved words with a `#` prefix.
    public var predicateFormat: String {
        switch self {
        case .constantValue(let v): return Expression.format(v)
        case .keyPath(let path):
            return path.split(separator: ".", omittingEmptySubsequences: false).map { component in
                PredicateLexer.isReservedWord(String(component)) ? "#" + component : String(component)
            }.joined(separator: ".")
        case .variable(let name): return "$" + name
        case .evaluatedObject: return "SELF"
        case .aggregate(let items): return "{" + items.map(\.predicateFormat).joined(separator: ", ") + "}"
        case .variableKeyPath(let variable, let path):
            return "$" + variable + "." + Expression.keyPath(path).predicateFormat
        case .subquery(let collection, let variable, let predicate, let count):
            return "SUBQUERY(" + collection.predicateFormat + ", $" + variable + ", " + Predicate.format(predicate)
                + ")" + (count ? ".@count" : "")
        }
    }

    static func format(_ v: Value) -> String {
        switch v {
        case .null: return "nil"
        case .bool(let b): return b ? "TRUE" : "FALSE"
        case .integer(let i): return String(i)
        case .double(let d): return Value.format(d)
        case .string(let s): return quote(s)
        case .date(let d): return "CAST(" + Value.format(d) + ", \"NSDate\")"
        case .data(let bytes): return "<\(bytes.count) bytes>"
        case .uuid(let u): return quote(u.description)
        case .decimal(let d): return d.description
        case .boxed(let b): return b.description
        case .object(let o): return o.displayName
        case .collection(let items): return "{" + items.map(format).joined(separator: ", ") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }

    /// Key paths read by the expression.
    var keyPaths: [String] {
        switch self {
        case .keyPath(let p): return [p]
        case .aggregate(let items): return items.flatMap(\.keyPaths)
        case .subquery(let collection, let variable, let predicate, _):
            // The collection's own key paths, and each `$variable.key` read through it.
            let base = collection.keyPaths
            var inner: [String] = []
            Predicate.collectVariableKeyPaths(predicate, variable: variable, into: &inner)
            return base + base.flatMap { b in inner.map { b + "." + $0 } }
        default: return []
        }
    }

    /// The expression with variables replaced by the bound constants (unbound ones kept).
    func substituting(_ variables: [String: Value]) -> Expression {
        switch self {
        case .variable(let name): return variables[name].map { .constantValue($0) } ?? self
        case .aggregate(let items): return .aggregate(items.map { $0.substituting(variables) })
        case .subquery(let collection, let variable, let predicate, let count):
            var outer = variables
            outer[variable] = nil
            return .subquery(collection: collection.substituting(variables), variable: variable,
                             predicate: Predicate.substitute(predicate, outer), count: count)
        default: return self
        }
    }
}
