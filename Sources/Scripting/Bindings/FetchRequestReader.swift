import LuaBridge
import ObjectGraph

/// Reads a fetch request table:
/// `{ entity = "Customer", predicate = "name BEGINSWITH %@" | function(o) … end, arguments = { "A" },
///    sortDescriptors = { "name", { key = "since", ascending = false } }, fetchLimit = 10,
///    fetchOffset = 0, includesPendingChanges = true, includesSubentities = true }`, and for dictionary
///    results `propertiesToFetch`, `propertiesToGroupBy`, `havingPredicate`, `returnsDistinctResults`
///    (``readGrouping(_:into:)``); `relationshipKeyPathsForPrefetching = { "orders" }`.
struct FetchRequestReader {
    let engine: ScriptEngine
    var state: LuaState { engine.state }

    /// The keys of a fetch request table.
    static let keys = ["entity", "predicate", "arguments", "sortDescriptors", "fetchLimit", "fetchOffset",
                       "includesPendingChanges", "fetchBatchSize", "resultType", "propertiesToFetch",
                       "substitutionVariables", "includesSubentities", "propertiesToGroupBy", "havingPredicate",
                       "returnsDistinctResults", "relationshipKeyPathsForPrefetching"]
    /// Fetch request properties Core Data has and Ripple does not.
    static let notImplemented = [
        "returnsObjectsAsFaults": "fetched objects are faults until first used unless fetchBatchSize says otherwise",
        "affectedStores": "a fetch reads every store of the coordinator",
        "includesPropertyValues": "property values are always available",
        "shouldRefreshRefetchedObjects": "refetched objects keep their values; use ctx:refresh(obj, true)",
    ]

    /// Reads the fetch request table at `index`; `extraKeys` are the other keys the caller reads from it.
    func read(at index: Int32, extraKeys: [String] = [], what: String = "a fetch request") throws -> FetchRequest {
        try state.table(index)
        let table = state.absoluteIndex(index)
        try engine.checkOptionKeys(ofTableAt: table, known: Self.keys + extraKeys, what: what,
                                   notImplemented: Self.notImplemented)
        guard state.rawGet(tableAt: table, key: "entity") == .string, let entityName = state.toString(at: -1) else {
            state.pop()
            throw ScriptingError("a fetch request needs an entity name (entity = \"…\")")
        }
        state.pop()
        var request = FetchRequest(entityName: entityName)
        request.predicate = try readPredicate(table)
        request.substitutionVariables = try readSubstitutionVariables(table)
        request.sortDescriptors = try readSortDescriptors(table)
        request.fetchLimit = try readInt(table, "fetchLimit") ?? 0
        request.fetchBatchSize = try readInt(table, "fetchBatchSize") ?? 0
        if state.rawGet(tableAt: table, key: "resultType") != .nil {
            defer { state.pop() }
            guard state.type(at: -1) == .string, let name = state.toString(at: -1),
                  let type = FetchRequestResultType(rawValue: name) else {
                let shown = state.type(at: -1) == .string ? "'\(state.toString(at: -1) ?? "")'" : state.typeName(at: -1)
                throw ScriptingError("resultType must be one of \(FetchRequestResultType.allCases.map(\.rawValue).joined(separator: ", ")), got \(shown)")
            }
            request.resultType = type
        } else {
            state.pop()
        }
        try readGrouping(table, into: &request)
        request.fetchOffset = try readInt(table, "fetchOffset") ?? 0
        request.relationshipKeyPathsForPrefetching = try readKeyPathList(table, "relationshipKeyPathsForPrefetching")
        for (key, set) in [("includesPendingChanges", { (r: inout FetchRequest, b: Bool) in r.includesPendingChanges = b }),
                           ("includesSubentities", { (r: inout FetchRequest, b: Bool) in r.includesSubentities = b })] {
            let type = state.rawGet(tableAt: table, key: key)
            defer { state.pop() }
            if type == .boolean {
                set(&request, state.toBoolean(at: -1))
            } else if type != .nil {
                throw ScriptingError("\(key) must be a boolean, got \(state.typeName(at: -1))")
            }
        }
        return request
    }

    func readPredicate(_ table: Int32) throws -> Predicate? {
        let type = state.rawGet(tableAt: table, key: "predicate")
        defer { state.pop() }
        switch type {
        case .nil: return nil
        case .string:
            let format = state.toString(at: -1) ?? ""
            var arguments: [Value] = []
            if state.rawGet(tableAt: table, key: "arguments") == .table {
                let args = state.absoluteIndex(-1)
                for i in 0..<state.rawLength(at: args) {
                    state.rawGet(tableAt: args, index: i + 1)
                    defer { state.pop() }
                    arguments.append(try engine.predicateArgument(at: -1))
                }
            }
            state.pop()
            return try Predicate(format: format, arguments: arguments)
        case .function:
            state.pushValue(at: -1)
            let function = state.ref()
            let engine = self.engine
            return Predicate(block: { object, _ in
                let state = engine.state
                state.push(function)
                engine.push(object)
                try state.pcall(arguments: 1, results: 1)
                defer { state.pop() }
                return state.toBoolean(at: -1)
            })
        default:
            throw ScriptingError("predicate must be a format string or a function, got \(state.typeName(at: -1))")
        }
    }

    /// `substitutionVariables = { MIN = 18, OWNER = ann }`: values of the predicate's `$MIN`, `$OWNER`.
    func readSubstitutionVariables(_ table: Int32) throws -> [String: Value] {
        let type = state.rawGet(tableAt: table, key: "substitutionVariables")
        defer { state.pop() }
        if type == .nil { return [:] }
        guard type == .table else {
            throw ScriptingError("substitutionVariables must be a table of names and values, got \(state.typeName(at: -1))")
        }
        var variables: [String: Value] = [:]
        try state.forEachPair(inTableAt: -1) { key, value in
            guard state.type(at: key) == .string, let name = state.toString(at: key) else {
                throw ScriptingError("substitutionVariables: a variable name must be a string, got \(state.typeName(at: key))")
            }
            variables[name] = try engine.value(at: value)
        }
        return variables
    }

    func readSortDescriptors(_ table: Int32) throws -> [SortDescriptor] {
        let type = state.rawGet(tableAt: table, key: "sortDescriptors")
        defer { state.pop() }
        if type == .nil { return [] }
        if type == .string { return [SortDescriptor(key: state.toString(at: -1) ?? "", ascending: true)] }
        guard type == .table else {
            throw ScriptingError("sortDescriptors must be a table, got \(state.typeName(at: -1))")
        }
        let list = state.absoluteIndex(-1)
        var result: [SortDescriptor] = []
        for i in 0..<state.rawLength(at: list) {
            state.rawGet(tableAt: list, index: i + 1)
            defer { state.pop() }
            result.append(try readSortDescriptor(at: state.absoluteIndex(-1)))
        }
        return result
    }

    func readSortDescriptor(at index: Int32) throws -> SortDescriptor {
        switch state.type(at: index) {
        case .string:
            return SortDescriptor(key: state.toString(at: index) ?? "", ascending: true)
        case .table:
            try engine.checkOptionKeys(ofTableAt: index, known: ["key", "ascending", "comparator", "selector"], what: "a sort descriptor")
            guard state.rawGet(tableAt: index, key: "key") == .string, let key = state.toString(at: -1) else {
                state.pop()
                throw ScriptingError("a sort descriptor table needs a key (key = \"…\")")
            }
            state.pop()
            var ascending = true
            if state.rawGet(tableAt: index, key: "ascending") == .boolean { ascending = state.toBoolean(at: -1) }
            state.pop()
            var descriptor = SortDescriptor(key: key, ascending: ascending)
            // `selector = "localizedStandardCompare:"` as NSSortDescriptor(key:ascending:selector:);
            // `comparator = "localizedStandardCompare"` is the same thing without the colon.
            for field in ["selector", "comparator"] {
                let type = state.rawGet(tableAt: index, key: field)
                defer { state.pop() }
                if type == .nil { continue }
                guard type == .string, let name = state.toString(at: -1),
                      let comparator = SortDescriptor.Comparator(selector: name) else {
                    let shown = type == .string ? "'\(state.toString(at: -1) ?? "")'" : state.typeName(at: -1)
                    throw ScriptingError("unknown sort \(field) \(shown) (expected compare:, caseInsensitiveCompare:, localizedCompare:, localizedCaseInsensitiveCompare: or localizedStandardCompare:)")
                }
                descriptor.comparator = comparator
            }
            return descriptor
        default:
            throw ScriptingError("a sort descriptor must be a key or a table, got \(state.typeName(at: index))")
        }
    }

    /// A list of key path strings (`relationshipKeyPathsForPrefetching = { "orders", "orders.items" }`).
    func readKeyPathList(_ table: Int32, _ field: String) throws -> [String] {
        let type = state.rawGet(tableAt: table, key: field)
        defer { state.pop() }
        if type == .nil { return [] }
        guard type == .table else {
            throw ScriptingError("\(field) must be a list of key path strings, got \(state.typeName(at: -1))")
        }
        let list = state.absoluteIndex(-1)
        var paths: [String] = []
        for i in 0..<state.rawLength(at: list) {
            state.rawGet(tableAt: list, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .string, let path = state.toString(at: -1) else {
                throw ScriptingError("\(field)[\(i + 1)] must be a key path string, got \(state.typeName(at: -1))")
            }
            paths.append(path)
        }
        return paths
    }

    func readInt(_ table: Int32, _ field: String) throws -> Int? {
        let type = state.rawGet(tableAt: table, key: field)
        defer { state.pop() }
        if type == .nil { return nil }
        guard state.isInteger(at: -1), let n = state.toInteger(at: -1), n >= 0 else {
            throw ScriptingError("\(field) must be a non-negative integer")
        }
        return Int(n)
    }
}
