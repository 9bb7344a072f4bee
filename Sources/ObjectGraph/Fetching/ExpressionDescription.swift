/// A named, computed column of a dictionary fetch (`NSExpressionDescription`): a key path, or an
/// aggregate function of one (`sum:`, `average:`, `count:`, `min:`, `max:`), with the type its value is
/// given.
///
/// ```swift
/// let total = try ExpressionDescription(name: "total", expression: "@sum.amount", expressionResultType: .double)
/// total.expressionFormat   // "sum:(amount)"
/// ```
///
/// The expression is written either as a collection operator on a key path (`@sum.amount`, `@avg.amount`,
/// `@count.amount`, `@min.amount`, `@max.amount`) or as Core Data's function expression
/// (`sum:(amount)`, `average:(amount)`, `count:(amount)`, `min:(amount)`, `max:(amount)`), or as a
/// plain key path (`customer.name`).
public struct ExpressionDescription: Sendable {
    /// The aggregate functions a SQLite store computes.
    public enum Function: String, CaseIterable, Sendable {
        /// `sum:` / `@sum`: the sum of the non-nil values (nil when there are none).
        case sum
        /// `average:` / `@avg`: their mean, a double (nil when there are none).
        case average
        /// `count:` / `@count`: how many values are not nil.
        case count
        /// `min:` / `@min`: the least value (nil when there are none).
        case min
        /// `max:` / `@max`: the greatest value (nil when there are none).
        case max

        /// The collection operator spelling (`@sum`, `@avg`…).
        public var collectionOperator: String { self == .average ? "@avg" : "@" + rawValue }
    }

    /// The key of the value in each dictionary (`name`).
    public var name: String
    /// The aggregate function, or nil for a plain key path.
    public var function: Function?
    /// The key path read on each object (through to-one relationships).
    public var keyPath: String
    /// The type the value is converted to (`expressionResultType`); nil: the value's own type.
    public var expressionResultType: AttributeType?

    /// Creates a description from an expression's text.
    /// - Throws: `.invalidFetchRequest` for an empty name, text that is not one of the accepted forms
    ///   (`Unable to parse the format string "…"`) or a function the store does not compute
    ///   (`Unsupported function expression median:(amount)`).
    public init(name: String, expression: String, expressionResultType: AttributeType? = nil) throws {
        guard !name.isEmpty else {
            throw ObjectGraphError(.invalidFetchRequest, "An expression description needs a name (expression \(expression))")
        }
        self.name = name
        self.expressionResultType = expressionResultType
        (function, keyPath) = try Self.parse(expression)
    }

    /// The expression as Core Data prints a function expression: `sum:(amount)`, or the key path.
    public var expressionFormat: String {
        guard let function else { return keyPath }
        return function.rawValue + ":(" + keyPath + ")"
    }

    /// Whether the value is an aggregate of a group's rows.
    public var isAggregate: Bool { function != nil }

    private static func trim(_ s: Substring) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    private static func parse(_ text: String) throws -> (Function?, String) {
        let trimmed = trim(Substring(text))
        func keyPath(_ s: Substring) throws -> String {
            let path = trim(s)
            let valid = !path.isEmpty && path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { key in
                guard let first = key.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
                return key.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
            }
            guard valid else {
                throw ObjectGraphError(.invalidFetchRequest, "Unable to parse the format string \"\(text)\"")
            }
            return path
        }
        if trimmed.hasPrefix("@") {
            guard let dot = trimmed.firstIndex(of: ".") else {
                throw ObjectGraphError(.invalidFetchRequest, "Unable to parse the format string \"\(text)\"")
            }
            let op = String(trimmed[..<dot])
            guard let function = Function.allCases.first(where: { $0.collectionOperator == op }) else {
                throw ObjectGraphError(.invalidFetchRequest, "Unsupported function expression \(text)")
            }
            return (function, try keyPath(trimmed[trimmed.index(after: dot)...]))
        }
        if let colon = trimmed.firstIndex(of: ":") {
            let rest = trim(trimmed[trimmed.index(after: colon)...])
            guard rest.hasPrefix("("), rest.hasSuffix(")"), rest.count >= 2 else {
                throw ObjectGraphError(.invalidFetchRequest, "Unable to parse the format string \"\(text)\"")
            }
            guard let function = Function(rawValue: String(trimmed[..<colon])) else {
                throw ObjectGraphError(.invalidFetchRequest, "Unsupported function expression \(text)")
            }
            return (function, try keyPath(Substring(rest).dropFirst().dropLast()))
        }
        return (nil, try keyPath(Substring(trimmed)))
    }
}

/// One property of a dictionary fetch or of its grouping: a key path (written as a string literal) or an
/// ``ExpressionDescription``.
public enum FetchProperty: ExpressibleByStringLiteral, Sendable {
    /// An attribute or to-one relationship, possibly through to-one relationships (`customer.name`).
    case keyPath(String)
    /// A named expression.
    case expression(ExpressionDescription)

    /// Creates a key path property from a literal.
    public init(stringLiteral value: String) { self = .keyPath(value) }

    /// The key of its value in a dictionary: the key path, or the expression's name.
    public var name: String {
        switch self {
        case .keyPath(let p): return p
        case .expression(let e): return e.name
        }
    }

    /// The key path read on each object.
    public var keyPath: String {
        switch self {
        case .keyPath(let p): return p
        case .expression(let e): return e.keyPath
        }
    }

    /// Whether it is an aggregate function.
    public var isAggregate: Bool {
        if case .expression(let e) = self { return e.isAggregate }
        return false
    }
}
