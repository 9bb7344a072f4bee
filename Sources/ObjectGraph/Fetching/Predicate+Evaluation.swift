extension Predicate {
    /// Evaluates the predicate against an object (`evaluateWithObject:substitutionVariables:`).
    ///
    /// ```swift
    /// let p = try Predicate(format: "age >= $MIN")
    /// try p.evaluate(with: ann, substitutionVariables: ["MIN": .integer(18)])   // true
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object whose key paths the predicate reads (`SELF`).
    ///   - substitutionVariables: Values for the `$VARIABLE`s still in the predicate.
    /// - Returns: Whether the object satisfies the predicate.
    /// - Throws: `.unknownKey` for a key the entity does not have; `.predicateEvaluation` for a variable
    ///   without a value (`Can't get value for 'MIN' in bindings {}.`), an operand of the wrong kind for
    ///   a string operator, a malformed `BETWEEN` range or regular expression; whatever a block throws.
    public func evaluate(with object: ManagedObject, substitutionVariables: [String: Value] = [:]) throws -> Bool {
        var evaluator = PredicateEvaluator(object: object, variables: substitutionVariables, regexCache: regexCache)
        return try evaluator.evaluate(node)
    }
}

/// Evaluates predicate nodes against one object.
struct PredicateEvaluator {
    let object: ManagedObject
    let variables: [String: Value]
    let regexCache: Predicate.RegexCache
    /// The nesting level of the node being evaluated (bounded like the parser's, for built nodes).
    var depth: Int

    init(object: ManagedObject, variables: [String: Value], regexCache: Predicate.RegexCache, depth: Int = 0) {
        self.object = object
        self.variables = variables
        self.regexCache = regexCache
        self.depth = depth
    }

    mutating func evaluate(_ node: Predicate.Node) throws -> Bool {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Predicate.maximumNestingDepth * 3 else {
            throw ObjectGraphError(.limitExceeded,
                "Can't evaluate a predicate nested deeper than \(Predicate.maximumNestingDepth * 3) levels")
        }
        switch node {
        case .constant(let b): return b
        case .block(let block): return try block(object, variables)
        case .not(let inner): return try !evaluate(inner)
        case .and(let items):
            for item in items where try !evaluate(item) { return false }
            return true
        case .or(let items):
            for item in items where try evaluate(item) { return true }
            return false
        case .comparison(let c): return try evaluate(c)
        }
    }

    func value(of expression: Expression) throws -> Value {
        switch expression {
        case .constantValue(let v): return v
        case .evaluatedObject: return .object(object)
        case .keyPath(let path): return try object.value(forKeyPath: path)
        case .aggregate(let items): return .collection(try items.map { try value(of: $0) })
        case .variable(let name):
            guard let v = variables[name] else {
                let bindings = variables.keys.sorted().map { "\($0) = \(variables[$0]!)" }.joined(separator: "; ")
                throw ObjectGraphError(.predicateEvaluation,
                    "Can't get value for '\(name)' in bindings {\(bindings)}.")
            }
            return v
        case .variableKeyPath(let name, let path):
            switch try value(of: .variable(name)) {
            case .object(let o): return try o.value(forKeyPath: path)
            case .null: return .null
            case let other:
                throw ObjectGraphError(.predicateEvaluation,
                    "Can't get value for key path '\(path)' of $\(name): it holds \(other), not an object")
            }
        case .subquery(let collection, let variable, let predicate, let count):
            let items: [Value]
            switch try value(of: collection) {
            case .collection(let c): items = c
            case .null: items = []
            case let other:
                throw ObjectGraphError(.predicateEvaluation,
                    "Can't do SUBQUERY over something that isn't a collection (\(other))")
            }
            try WorkBudget.charge(items.count)
            var matching: [Value] = []
            for item in items {
                var bound = variables
                bound[variable] = item
                var inner = PredicateEvaluator(object: object, variables: bound, regexCache: regexCache, depth: depth + 1)
                if try inner.evaluate(predicate) { matching.append(item) }
            }
            return count ? .integer(Int64(matching.count)) : .collection(matching)
        }
    }

    func evaluate(_ c: ComparisonPredicate) throws -> Bool {
        try evaluate(c, lhs: value(of: c.leftExpression), rhs: value(of: c.rightExpression))
    }

    /// A comparison whose two sides are already evaluated.
    func evaluate(_ c: ComparisonPredicate, lhs: Value, rhs: Value) throws -> Bool {
        switch c.modifier {
        case .direct:
            if case .collection(let items) = lhs {
                if c.operatorType == .contains {
                    return items.contains { ValueComparison.isEqual($0, rhs, options: c.options) }
                }
                for item in items where try compare(item, rhs, c) { return true }
                return false
            }
            return try compare(lhs, rhs, c)
        case .any, .all, .noneOf:
            let items: [Value]
            switch lhs {
            case .collection(let c): items = c
            case .null: items = []
            default: items = [lhs]
            }
            var matched = 0
            for item in items {
                if try compare(item, rhs, c) {
                    matched += 1
                    if c.modifier != .all { break }
                } else if c.modifier == .all {
                    return false
                }
            }
            switch c.modifier {
            case .any: return matched > 0
            case .noneOf: return matched == 0
            default: return true
            }
        }
    }

    /// One comparison of two plain values.
    func compare(_ lhs: Value, _ rhs: Value, _ c: ComparisonPredicate) throws -> Bool {
        let options = c.options
        switch c.operatorType {
        case .equalTo: return ValueComparison.isEqual(lhs, rhs, options: options)
        case .notEqualTo: return !ValueComparison.isEqual(lhs, rhs, options: options)
        case .lessThan: return ValueComparison.order(lhs, rhs, options: options) == .orderedAscending
        case .lessThanOrEqualTo:
            return ValueComparison.order(lhs, rhs, options: options).map { $0 != .orderedDescending } ?? false
        case .greaterThan: return ValueComparison.order(lhs, rhs, options: options) == .orderedDescending
        case .greaterThanOrEqualTo:
            return ValueComparison.order(lhs, rhs, options: options).map { $0 != .orderedAscending } ?? false
        case .between:
            guard case .collection(let bounds) = rhs, bounds.count == 2 else {
                throw ObjectGraphError(.predicateEvaluation,
                    "Can't evaluate BETWEEN: the right side must be a collection of two values, got \(rhs)")
            }
            guard let low = ValueComparison.order(lhs, bounds[0], options: options),
                  let high = ValueComparison.order(lhs, bounds[1], options: options) else { return false }
            return low != .orderedAscending && high != .orderedDescending
        case .in:
            switch rhs {
            case .collection(let items): return items.contains { ValueComparison.isEqual(lhs, $0, options: options) }
            case .null: return false
            case .string(let haystack):
                guard case .string(let needle) = lhs else { return false }
                return Self.contains(StringFolding.fold(haystack, options), StringFolding.fold(needle, options))
            default: return ValueComparison.isEqual(lhs, rhs, options: options)
            }
        case .beginsWith, .endsWith, .contains, .like, .matches:
            if lhs.isNull || rhs.isNull { return false }
            guard case .string(let string) = lhs, case .string(let pattern) = rhs else {
                throw ObjectGraphError(.predicateEvaluation,
                    "Can't do \(c.operatorType.rawValue) with something that isn't a string (lhs = \(lhs) rhs = \(rhs))")
            }
            let s = StringFolding.fold(string, options)
            switch c.operatorType {
            case .beginsWith:
                let p = StringFolding.fold(pattern, options)
                return s.starts(with: p)
            case .endsWith:
                let p = StringFolding.fold(pattern, options)
                return s.count >= p.count && s[(s.count - p.count)...].elementsEqual(p)
            case .contains:
                return Self.contains(s, StringFolding.fold(pattern, options))
            case .like:
                return try Self.like(s[...], Self.likePattern(StringFolding.fold(pattern, options))[...])
            default:
                let regex = try regexCache.expression(pattern, options: options)
                return try regex.matchesWhole(string)
            }
        }
    }

    /// Substring search (Knuth–Morris–Pratt): linear in both lengths, whatever the text.
    static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        // failure[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
        var failure = [Int](repeating: 0, count: needle.count)
        var k = 0
        if needle.count > 1 {
            for i in 1..<needle.count {
                while k > 0 && needle[i] != needle[k] { k = failure[k - 1] }
                if needle[i] == needle[k] { k += 1 }
                failure[i] = k
            }
        }
        var matched = 0
        for c in haystack {
            while matched > 0 && c != needle[matched] { matched = failure[matched - 1] }
            if c == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// A LIKE pattern element.
    enum LikeToken: Equatable {
        case literal(Unicode.Scalar)
        case any      // ?
        case anyRun   // *
    }

    static func likePattern(_ scalars: [Unicode.Scalar]) -> [LikeToken] {
        var out: [LikeToken] = []
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "*": out.append(.anyRun)
            case "?": out.append(.any)
            case "\\" where i + 1 < scalars.count:
                i += 1
                out.append(.literal(scalars[i]))
            default: out.append(.literal(scalars[i]))
            }
            i += 1
        }
        return out
    }

    /// Whole-string wildcard match, iterative with single backtrack point (linear for most patterns, at
    /// worst length × pattern length steps, charged to the script's ``WorkBudget`` every 10,000 steps).
    static func like(_ s: ArraySlice<Unicode.Scalar>, _ p: ArraySlice<LikeToken>) throws -> Bool {
        let s = Array(s), p = Array(p)
        var si = 0, pi = 0
        var starP = -1, starS = 0
        var steps = 0
        while si < s.count {
            steps += 1
            if steps == 10_000 {
                try WorkBudget.charge(100)
                steps = 0
            }
            if pi < p.count, p[pi] == .any || p[pi] == .literal(s[si]) {
                si += 1
                pi += 1
            } else if pi < p.count, p[pi] == .anyRun {
                starP = pi
                starS = si
                pi += 1
            } else if starP >= 0 {
                pi = starP + 1
                starS += 1
                si = starS
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == .anyRun { pi += 1 }
        return pi == p.count
    }
}
