extension Predicate {
    /// The names of the `$VARIABLES` the predicate uses that no `SUBQUERY` binds, sorted, without duplicates.
    public var freeVariableNames: [String] {
        var names = Set<String>()
        Self.collectVariables(node, bound: [], into: &names)
        return names.sorted()
    }

    private static func collectVariables(_ node: Node, bound: Set<String>, into names: inout Set<String>) {
        switch node {
        case .constant, .block: break
        case .comparison(let c):
            collectVariables(c.leftExpression, bound: bound, into: &names)
            collectVariables(c.rightExpression, bound: bound, into: &names)
        case .not(let inner): collectVariables(inner, bound: bound, into: &names)
        case .and(let items), .or(let items): for item in items { collectVariables(item, bound: bound, into: &names) }
        }
    }

    private static func collectVariables(_ expression: Expression, bound: Set<String>, into names: inout Set<String>) {
        switch expression {
        case .constantValue, .keyPath, .evaluatedObject: break
        case .variable(let name), .variableKeyPath(let name, _):
            if !bound.contains(name) { names.insert(name) }
        case .aggregate(let items): for item in items { collectVariables(item, bound: bound, into: &names) }
        case .subquery(let collection, let variable, let predicate, _):
            collectVariables(collection, bound: bound, into: &names)
            collectVariables(predicate, bound: bound.union([variable]), into: &names)
        }
    }
}
