extension Predicate {
    /// Evaluates the predicate as a SQLite store's SQL does: a comparison with a nil value (`NULL`) is
    /// *unknown*, `NOT` of unknown is unknown, and a row matches only when the whole condition is true.
    /// `x == nil` and `x != nil` keep their meaning (`IS NULL`, `IS NOT NULL`).
    ///
    /// ```swift
    /// let p = try Predicate(format: "name != 'Ann'")
    /// try p.evaluate(with: nameless)        // true (in memory)
    /// try p.evaluateAsSQL(with: nameless)   // false (NULL <> 'Ann' is unknown)
    /// ```
    ///
    /// Comparisons of a to-many key path, `ANY`/`ALL`/`NONE` and subqueries keep in-memory evaluation.
    /// - Throws: What ``evaluate(with:substitutionVariables:)`` throws.
    public func evaluateAsSQL(with object: ManagedObject, substitutionVariables: [String: Value] = [:]) throws -> Bool {
        var evaluator = PredicateEvaluator(object: object, variables: substitutionVariables, regexCache: regexCache)
        return try evaluator.evaluateAsSQL(node) == true
    }

    /// Whether the predicate, or one of its subpredicates, is a block (`BLOCKPREDICATE`): no SQL exists for it.
    public var containsBlock: Bool { Self.containsBlock(node) }

    private static func containsBlock(_ node: Node) -> Bool {
        switch node {
        case .block: return true
        case .constant, .comparison: return false
        case .not(let inner): return containsBlock(inner)
        case .and(let items), .or(let items): return items.contains(where: containsBlock)
        }
    }
}

extension PredicateEvaluator {
    /// SQL's three-valued logic: true, false, or nil for unknown.
    mutating func evaluateAsSQL(_ node: Predicate.Node) throws -> Bool? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Predicate.maximumNestingDepth * 3 else { return try evaluate(node) }
        switch node {
        case .constant, .block: return try evaluate(node)
        case .not(let inner): return try evaluateAsSQL(inner).map(!)
        case .and(let items):
            var unknown = false
            for item in items {
                switch try evaluateAsSQL(item) {
                case false?: return false
                case nil: unknown = true
                default: break
                }
            }
            return unknown ? nil : true
        case .or(let items):
            var unknown = false
            for item in items {
                switch try evaluateAsSQL(item) {
                case true?: return true
                case nil: unknown = true
                default: break
                }
            }
            return unknown ? nil : false
        case .comparison(let c):
            let lhs = try value(of: c.leftExpression)
            let rhs = try value(of: c.rightExpression)
            if c.modifier == .direct, lhs.isNull || rhs.isNull {
                if case .collection = lhs { return try evaluate(c, lhs: lhs, rhs: rhs) }
                // `x == nil`, `x != nil` (and `nil == x`): SQL's IS NULL / IS NOT NULL.
                let isNullTest = (c.operatorType == .equalTo || c.operatorType == .notEqualTo)
                    && (isNilOperand(c.leftExpression) || isNilOperand(c.rightExpression))
                if !isNullTest { return nil }
            }
            return try evaluate(c, lhs: lhs, rhs: rhs)
        }
    }

    /// A literal nil (`nil`, `NULL`, a nil `%@` argument) or a variable bound to nil.
    private func isNilOperand(_ expression: Expression) -> Bool {
        switch expression {
        case .constantValue(let v): return v.isNull
        case .variable(let name): return variables[name]?.isNull ?? false
        default: return false
        }
    }
}
