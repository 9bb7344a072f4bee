import LuaBridge
import ObjectGraph

/// Reads the dictionary-result keys of a fetch request table: `propertiesToFetch` and
/// `propertiesToGroupBy` (key paths and expression descriptions), `havingPredicate`, `returnsDistinctResults`.
///
/// An expression description mirrors `NSExpressionDescription`:
/// `{ name = "total", expression = "@sum.amount", expressionResultType = "double" }`; the expression is a
/// collection operator on a key path (`@sum.amount`, `@avg.amount`, `@count.amount`, `@min.amount`,
/// `@max.amount`), Core Data's function form (`sum:(amount)`, `average:(amount)`, `count:(amount)`,
/// `min:(amount)`, `max:(amount)`) or a plain key path.
extension FetchRequestReader {
    /// The keys of an expression description table.
    static let expressionDescriptionKeys = ["name", "expression", "expressionResultType"]

    /// Reads the grouping keys into `request`.
    func readGrouping(_ table: Int32, into request: inout FetchRequest) throws {
        request.propertiesToFetch = try readProperties(table, "propertiesToFetch") ?? request.propertiesToFetch
        request.propertiesToGroupBy = try readProperties(table, "propertiesToGroupBy")
        let having = state.rawGet(tableAt: table, key: "havingPredicate")
        defer { state.pop() }
        switch having {
        case .nil: break
        case .string: request.havingPredicate = try Predicate(format: state.toString(at: -1) ?? "")
        default: throw ScriptingError("havingPredicate must be a format string, got \(state.typeName(at: -1))")
        }
        let distinct = state.rawGet(tableAt: table, key: "returnsDistinctResults")
        defer { state.pop() }
        if distinct == .boolean {
            request.returnsDistinctResults = state.toBoolean(at: -1)
        } else if distinct != .nil {
            throw ScriptingError("returnsDistinctResults must be a boolean, got \(state.typeName(at: -1))")
        }
    }

    /// `{ "name", "customer.name", { name = "total", expression = "@sum.amount" } }`, or nil when absent.
    private func readProperties(_ table: Int32, _ key: String) throws -> [FetchProperty]? {
        let type = state.rawGet(tableAt: table, key: key)
        defer { state.pop() }
        if type == .nil { return nil }
        guard type == .table else {
            throw ScriptingError("\(key) must be a table of property names and expression descriptions, got \(state.typeName(at: -1))")
        }
        let list = state.absoluteIndex(-1)
        var result: [FetchProperty] = []
        for i in 0..<state.rawLength(at: list) {
            state.rawGet(tableAt: list, index: i + 1)
            defer { state.pop() }
            switch state.type(at: -1) {
            case .string:
                result.append(.keyPath(state.toString(at: -1) ?? ""))
            case .table:
                result.append(.expression(try readExpressionDescription(at: state.absoluteIndex(-1), in: key)))
            default:
                throw ScriptingError("\(key) item \(i + 1): a property name or an expression description table expected, got \(state.typeName(at: -1))")
            }
        }
        return result
    }

    private func readExpressionDescription(at index: Int32, in key: String) throws -> ExpressionDescription {
        try engine.checkOptionKeys(ofTableAt: index, known: Self.expressionDescriptionKeys,
                                   what: "an expression description")
        func string(_ field: String, required: Bool) throws -> String? {
            let type = state.rawGet(tableAt: index, key: field)
            defer { state.pop() }
            if type == .nil && !required { return nil }
            guard type == .string, let s = state.toString(at: -1) else {
                throw ScriptingError("an expression description in \(key) needs \(field) = \"…\" (a string), got \(state.typeName(at: -1))")
            }
            return s
        }
        let name = try string("name", required: true)!
        let expression = try string("expression", required: true)!
        var resultType: AttributeType?
        if var raw = try string("expressionResultType", required: false) {
            if raw == "integer64" { raw = "integer" }
            guard let type = AttributeType(rawValue: raw) else {
                throw ScriptingError("unknown expressionResultType '\(raw)' (expected one of \(AttributeType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            resultType = type
        }
        return try ExpressionDescription(name: name, expression: expression, expressionResultType: resultType)
    }
}
