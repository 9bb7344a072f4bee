/// A recursive-descent parser for the predicate format language.
///
/// ```
/// predicate  := or
/// or         := and (("OR" | "||") and)*
/// and        := not (("AND" | "&&") not)*
/// not        := ("NOT" | "!") not | primary
/// primary    := "(" predicate ")" | "TRUEPREDICATE" | "FALSEPREDICATE" | comparison
/// comparison := ["ANY" | "SOME" | "ALL" | "NONE"] expression operator ["[" options "]"] expression
/// expression := keyPath | string | ["-"] number | "nil" | "TRUE" | "FALSE" | "SELF" | "%@" | "%K"
///             | "%d" | "%i" | "%f" | "$" name ["." keyPath] | "{" [expression ("," expression)*] "}"
///             | "CAST" "(" expression "," string ")"
///             | "SUBQUERY" "(" expression "," "$" name "," predicate ")" ["." "@count"]
/// ```
///
/// Nesting — parentheses, `NOT`s, `{…}` collections, `CAST`s, `SUBQUERY`s — is limited to
/// ``Predicate/maximumNestingDepth`` levels, so that no text can exhaust the native stack: deeper text
/// fails like any syntax error, with the position of the token that went one level too deep.
struct PredicateParser {
    private let lexer: PredicateLexer
    private let tokens: [PredicateToken]
    private var index = 0
    private let arguments: [Value]
    private var argumentIndex = 0
    private var depth = 0

    init(format: String, arguments: [Value]) throws {
        lexer = PredicateLexer(format: format)
        tokens = try lexer.tokenize()
        self.arguments = arguments
    }

    /// Parses the whole text.
    mutating func parse() throws -> Predicate.Node {
        let node = try parseOr()
        guard case .end = current.kind else { throw error(at: current) }
        return node
    }

    // MARK: - Tokens

    private var current: PredicateToken { tokens[index] }

    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }

    private func error(at token: PredicateToken) -> ObjectGraphError {
        if case .end = token.kind { return lexer.syntaxError(at: token.position, near: nil) }
        return lexer.syntaxError(at: token.position, near: token.text)
    }

    /// Enters one nesting level at the current token.
    private mutating func enter() throws {
        depth += 1
        guard depth <= Predicate.maximumNestingDepth else {
            throw ObjectGraphError(.predicateSyntax,
                "Unable to parse the format string \"\(lexer.format)\""
                    + PredicateLexer.locator(current.position, current.text)
                    + ": nesting deeper than \(Predicate.maximumNestingDepth) levels")
        }
    }

    private mutating func leave() { depth -= 1 }

    private mutating func expectSymbol(_ s: String) throws {
        guard current.isSymbol(s) else { throw error(at: current) }
        advance()
    }

    // MARK: - Predicates

    private mutating func parseOr() throws -> Predicate.Node {
        var items = [try parseAnd()]
        while current.keyword == "OR" || current.isSymbol("||") {
            advance()
            items.append(try parseAnd())
        }
        return items.count == 1 ? items[0] : .or(items.flatMap { if case .or(let inner) = $0 { inner } else { [$0] } })
    }

    private mutating func parseAnd() throws -> Predicate.Node {
        var items = [try parseNot()]
        while current.keyword == "AND" || current.isSymbol("&&") {
            advance()
            items.append(try parseNot())
        }
        return items.count == 1 ? items[0] : .and(items.flatMap { if case .and(let inner) = $0 { inner } else { [$0] } })
    }

    private mutating func parseNot() throws -> Predicate.Node {
        if current.keyword == "NOT" || current.isSymbol("!") {
            try enter()
            defer { leave() }
            advance()
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws -> Predicate.Node {
        if current.isSymbol("(") {
            try enter()
            defer { leave() }
            advance()
            let node = try parseOr()
            try expectSymbol(")")
            return node
        }
        switch current.keyword {
        case "TRUEPREDICATE":
            advance()
            return .constant(true)
        case "FALSEPREDICATE":
            advance()
            return .constant(false)
        default:
            return .comparison(try parseComparison())
        }
    }

    private mutating func parseComparison() throws -> ComparisonPredicate {
        var modifier = ComparisonPredicate.Modifier.direct
        switch current.keyword {
        case "ANY", "SOME": modifier = .any
        case "ALL": modifier = .all
        case "NONE": modifier = .noneOf
        default: break
        }
        if modifier != .direct { advance() }
        let lhs = try parseExpression()
        let op = try parseOperator()
        let options = try parseOptions()
        let rhs = try parseExpression()
        return ComparisonPredicate(leftExpression: lhs, rightExpression: rhs, modifier: modifier, type: op,
                                   options: options)
    }

    private mutating func parseOperator() throws -> ComparisonPredicate.Operator {
        let token = current
        let op: ComparisonPredicate.Operator?
        switch token.kind {
        case .symbol(let s):
            switch s {
            case "==", "=": op = .equalTo
            case "!=", "<>": op = .notEqualTo
            case "<": op = .lessThan
            case "<=", "=<": op = .lessThanOrEqualTo
            case ">": op = .greaterThan
            case ">=", "=>": op = .greaterThanOrEqualTo
            default: op = nil
            }
        case .identifier(let word, escaped: false):
            op = ComparisonPredicate.Operator.allCases.first { $0.rawValue == word.uppercased() && $0.rawValue.first!.isLetter }
        default:
            op = nil
        }
        guard let op else { throw error(at: token) }
        advance()
        return op
    }

    private mutating func parseOptions() throws -> ComparisonPredicate.Options {
        guard current.isSymbol("[") else { return [] }
        advance()
        var options: ComparisonPredicate.Options = []
        guard case .identifier(let letters, escaped: false) = current.kind else { throw error(at: current) }
        for letter in letters.lowercased() {
            switch letter {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n", "l": break  // normalized / locale-sensitive: accepted, no effect here
            default: throw error(at: current)
            }
        }
        advance()
        try expectSymbol("]")
        return options
    }

    // MARK: - Expressions

    private mutating func parseExpression() throws -> Expression {
        let token = current
        switch token.kind {
        case .string(let s):
            advance()
            return .constantValue(.string(s))
        case .number(let text):
            advance()
            return .constantValue(try number(text, negative: false, token: token))
        case .symbol("-"), .symbol("+"):
            advance()
            guard case .number(let text) = current.kind else { throw error(at: current) }
            let numberToken = current
            advance()
            return .constantValue(try number(text, negative: token.isSymbol("-"), token: numberToken))
        case .symbol("{"):
            try enter()
            defer { leave() }
            advance()
            var items: [Expression] = []
            if !current.isSymbol("}") {
                items.append(try parseExpression())
                while current.isSymbol(",") {
                    advance()
                    items.append(try parseExpression())
                }
            }
            try expectSymbol("}")
            return .aggregate(items)
        case .variable(let name):
            advance()
            if current.isSymbol(".") {
                guard case .keyPath(let path) = try continueKeyPath("") else { throw error(at: current) }
                return .variableKeyPath(variable: name, keyPath: String(path.dropFirst()))
            }
            return .variable(name)
        case .argument(let conversion):
            let value = try nextArgument(token)
            advance()
            switch conversion {
            case "K":
                guard case .string(let path) = value, !path.isEmpty else {
                    throw ObjectGraphError(.predicateSyntax,
                        "Unable to parse the format string \"\(lexer.format)\""
                            + PredicateLexer.locator(token.position, token.text)
                            + ": %K needs a key path string, got \(value)")
                }
                return try continueKeyPath(path)
            case "d", "i":
                if case .double(let d) = value {
                    // Int64(d) traps on NaN, infinities and anything out of range: refuse those instead.
                    guard d.isFinite, abs(d) < 9.2e18 else {
                        throw ObjectGraphError(.predicateSyntax,
                            "Unable to parse the format string \"\(lexer.format)\""
                                + PredicateLexer.locator(token.position, token.text)
                                + ": %\(conversion) needs a number that fits in an integer, got \(value)")
                    }
                    return .constantValue(.integer(Int64(d)))
                }
                return .constantValue(value)
            case "f":
                if case .integer(let i) = value { return .constantValue(.double(Double(i))) }
                return .constantValue(value)
            default:
                return .constantValue(value)
            }
        case .identifier(let name, let escaped):
            if !escaped {
                switch name.uppercased() {
                case "NIL", "NULL":
                    advance()
                    return .constantValue(.null)
                case "TRUE", "YES":
                    advance()
                    return .constantValue(.bool(true))
                case "FALSE", "NO":
                    advance()
                    return .constantValue(.bool(false))
                case "SELF":
                    advance()
                    return .evaluatedObject
                case "CAST":
                    return try parseCast()
                case "SUBQUERY":
                    return try parseSubquery()
                default:
                    if PredicateLexer.isReservedWord(name) { throw error(at: token) }
                }
            }
            advance()
            return try continueKeyPath(name)
        default:
            throw error(at: token)
        }
    }

    /// Reads `.key` components following a key (or a `%K` key path).
    private mutating func continueKeyPath(_ first: String) throws -> Expression {
        var path = first
        while current.isSymbol(".") {
            advance()
            guard case .identifier(let name, _) = current.kind else { throw error(at: current) }
            path += "." + name
            advance()
        }
        return .keyPath(path)
    }

    /// `SUBQUERY(collection, $x, predicate)`, optionally followed by `.@count`.
    private mutating func parseSubquery() throws -> Expression {
        try enter()
        defer { leave() }
        advance()
        try expectSymbol("(")
        let collection = try parseExpression()
        try expectSymbol(",")
        guard case .variable(let variable) = current.kind else { throw error(at: current) }
        advance()
        try expectSymbol(",")
        let predicate = try parseOr()
        try expectSymbol(")")
        var countOnly = false
        if current.isSymbol(".") {
            advance()
            guard current.keyword == "@COUNT" else { throw error(at: current) }
            advance()
            countOnly = true
        }
        return .subquery(collection: collection, variable: variable, predicate: predicate, count: countOnly)
    }

    private mutating func parseCast() throws -> Expression {
        try enter()
        defer { leave() }
        advance()
        try expectSymbol("(")
        let valueToken = current
        let inner = try parseExpression()
        try expectSymbol(",")
        guard case .string(let type) = current.kind else { throw error(at: current) }
        let typeToken = current
        advance()
        try expectSymbol(")")
        guard case .constantValue(let v) = inner else { throw error(at: valueToken) }
        switch type {
        case "NSDate":
            guard let seconds = v.numericValue else { throw error(at: valueToken) }
            return .constantValue(.date(seconds))
        case "NSNumber":
            if case .string(let s) = v, let n = Int64(s) { return .constantValue(.integer(n)) }
            if case .string(let s) = v, let d = Double(s) { return .constantValue(.double(d)) }
            return .constantValue(v)
        case "NSString":
            return .constantValue(.string(v.stringValue ?? Expression.format(v)))
        case "NSUUID":
            guard let s = v.stringValue, let u = UUIDBytes(string: s) else { throw error(at: valueToken) }
            return .constantValue(.uuid(u))
        default:
            throw error(at: typeToken)
        }
    }

    private func number(_ text: String, negative: Bool, token: PredicateToken) throws -> Value {
        let signed = negative ? "-" + text : text
        if let i = Int64(signed) { return .integer(i) }
        if let d = Double(signed) { return .double(d) }
        throw error(at: token)
    }

    private mutating func nextArgument(_ token: PredicateToken) throws -> Value {
        guard argumentIndex < arguments.count else {
            throw ObjectGraphError(.predicateSyntax,
                "Insufficient arguments for conversion characters specified in format string \"\(lexer.format)\""
                    + PredicateLexer.locator(token.position, token.text))
        }
        defer { argumentIndex += 1 }
        return arguments[argumentIndex]
    }
}
