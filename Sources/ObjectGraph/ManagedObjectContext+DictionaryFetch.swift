/// Dictionary results (`NSDictionaryResultType`) as a SQLite store computes them: key paths through
/// to-one relationships, expression descriptions with aggregate functions, `propertiesToGroupBy`,
/// `havingPredicate` and `returnsDistinctResults`.
///
/// The rows are the **saved** values (the store's): pending inserts, deletions and changes are not
/// included, as Core Data documents for dictionary results. The order of work is SQL's: `WHERE` (the
/// predicate), `GROUP BY`, `HAVING`, `ORDER BY` (the sort descriptors), `DISTINCT`, then `OFFSET` and
/// `LIMIT`.
extension ManagedObjectContext {
    /// Checks the grouping options against the result type (any result type).
    /// - Throws: `.invalidFetchRequest` in Core Data's words: `Invalid fetch request: HAVING with no GROUP BY`,
    ///   `Invalid fetch request: GROUP BY requires NSDictionaryResultType`; and for
    ///   `returnsDistinctResults` with another result type (Core Data ignores it there; Ripple says so).
    func validateGrouping(_ request: FetchRequest) throws {
        if request.havingPredicate != nil && request.propertiesToGroupBy == nil {
            throw ObjectGraphError(.invalidFetchRequest, "Invalid fetch request: HAVING with no GROUP BY")
        }
        if request.propertiesToGroupBy != nil && request.resultType != .dictionaryResultType {
            throw ObjectGraphError(.invalidFetchRequest, "Invalid fetch request: GROUP BY requires NSDictionaryResultType")
        }
        if request.returnsDistinctResults && request.resultType != .dictionaryResultType {
            throw ObjectGraphError(.invalidFetchRequest,
                "returnsDistinctResults is only used with NSDictionaryResultType (Core Data ignores it with \(request.resultType.rawValue))")
        }
    }

    /// The dictionaries of a `dictionaryResultType` request.
    /// - Throws: as ``execute(_:)``.
    func fetchDictionaries(_ request: FetchRequest) throws -> [[String: Value]] {
        let entity = try model.requireEntity(named: request.entityName)
        let properties = try request.propertiesToFetch.map { list in
            try list.map { try checkedProperty($0, entity, setter: "setPropertiesToFetch:") }
        } ?? entity.attributes.filter { !$0.isTransient }.map { FetchProperty.keyPath($0.name) }
        let groupBy = try request.propertiesToGroupBy.map { list in
            try list.map { p -> FetchProperty in
                if case .expression(let e) = p, e.isAggregate {
                    throw ObjectGraphError(.invalidFetchRequest,
                        "Invalid property \(e.name) (\(e.expressionFormat)) passed to setPropertiesToGroupBy: an aggregate function can not be grouped by")
                }
                return try checkedProperty(p, entity, setter: "setPropertiesToGroupBy:")
            }
        }
        let hasAggregates = properties.contains(where: \.isAggregate)
        if let groupBy {
            for p in properties where !p.isAggregate && !groupBy.contains(where: { $0.keyPath == p.keyPath }) {
                throw ObjectGraphError(.invalidFetchRequest,
                    "SELECT clauses in queries with GROUP BY components can only contain properties named in the GROUP BY or aggregate functions (\(p.name) is not in the GROUP BY)")
            }
        } else if hasAggregates, let plain = properties.first(where: { !$0.isAggregate }) {
            throw ObjectGraphError(.invalidFetchRequest,
                "Invalid fetch request: \(plain.name) is neither an aggregate function nor in propertiesToGroupBy (without GROUP BY, aggregate functions make one row of every matching object)")
        }
        if request.returnsDistinctResults && request.propertiesToFetch == nil {
            throw ObjectGraphError(.invalidFetchRequest,
                "returnsDistinctResults is only used with propertiesToFetch (Core Data ignores it without them)")
        }

        var saved = request
        saved.includesPendingChanges = false
        saved.resultType = .managedObjectResultType
        saved.fetchBatchSize = 0
        saved.propertiesToGroupBy = nil
        saved.havingPredicate = nil
        saved.returnsDistinctResults = false
        let simple = groupBy == nil && !hasAggregates
        if !simple { saved.sortDescriptors = [] }
        if !simple || request.returnsDistinctResults {
            saved.fetchLimit = 0
            saved.fetchOffset = 0
        }
        try request.validate()
        let objects = try fetch(saved)
        var rows: [[String: Value]]
        if simple {
            try WorkBudget.charge(objects.count * max(1, properties.count))
            rows = try objects.map { object in
                var row: [String: Value] = [:]
                for p in properties {
                    let value = Self.converted(try savedValue(object, p.keyPath), p)
                    if case .null = value { continue }
                    row[p.name] = value
                }
                return row
            }
        } else {
            rows = try groupedRows(objects, properties, groupBy ?? [], request)
        }
        if request.returnsDistinctResults { rows = Self.distinct(rows) }
        if !simple || request.returnsDistinctResults {
            guard request.fetchOffset < rows.count else { return [] }
            let end = request.fetchLimit > 0
                ? request.fetchOffset + min(rows.count - request.fetchOffset, request.fetchLimit) : rows.count
            rows = Array(rows[request.fetchOffset..<end])
        }
        return rows
    }

    /// Checks one property against the model: each key but the last a to-one relationship, the last a
    /// persistent attribute or a to-one relationship; `sum:` and `average:` need a number attribute.
    private func checkedProperty(_ property: FetchProperty, _ entity: EntityDescription, setter: String) throws -> FetchProperty {
        let path = property.keyPath
        let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var current = entity
        for (i, key) in keys.enumerated() {
            let last = i == keys.count - 1
            guard let slot = current.slots[key] else {
                throw ObjectGraphError(.invalidFetchRequest,
                    "Invalid keypath \(path) passed to \(setter) (the entity \(current.name) has no property \(key))")
            }
            switch slot {
            case .attribute(let a):
                if current.attributes[a].isTransient {
                    throw ObjectGraphError(.invalidFetchRequest,
                        "Invalid keypath \(path) passed to \(setter) (\(key) is a transient property of \(current.name): the store has no column for it)")
                }
                if !last {
                    throw ObjectGraphError(.invalidFetchRequest,
                        "Invalid keypath \(path) passed to \(setter) (\(key) is an attribute of \(current.name), not a to-one relationship)")
                }
                if case .expression(let e) = property, e.function == .sum || e.function == .average {
                    let type = current.attributes[a].type
                    guard [.integer16, .integer32, .integer, .double, .float, .decimal].contains(type) else {
                        throw ObjectGraphError(.invalidFetchRequest,
                            "Invalid expression \(e.expressionFormat) for \(e.name): \(e.function!.rawValue): needs a number attribute, \(key) is a \(type.rawValue) attribute")
                    }
                }
            case .derived:
                if !last || property.isAggregate {
                    throw ObjectGraphError(.invalidFetchRequest,
                        "Invalid keypath \(path) passed to \(setter) (\(key) is a derived property of \(current.name))")
                }
            case .relationship(let r):
                if current.relationships[r].isToMany {
                    throw ObjectGraphError(.invalidFetchRequest, "Invalid to many relationship in \(setter) (\(path))")
                }
                if last, case .expression(let e) = property, let f = e.function, f != .count {
                    throw ObjectGraphError(.invalidFetchRequest,
                        "Invalid expression \(e.expressionFormat) for \(e.name): \(f.rawValue): needs an attribute, \(key) is a relationship")
                }
                if !last { current = current.destinations[r] }
            }
        }
        return property
    }

    /// The saved value of a key path on a saved object (nil when a to-one on the way is nil).
    private func savedValue(_ object: ManagedObject, _ keyPath: String) throws -> Value {
        var current = object
        let keys = keyPath.split(separator: ".")
        for (i, sub) in keys.enumerated() {
            let key = String(sub)
            current.fireFault()
            let value: Value
            if case .derived? = current.entity.slots[key] {
                value = try current.value(forKey: key)
            } else {
                value = try current.committedValues(forKeys: [key])[key] ?? .null
            }
            if i == keys.count - 1 { return value }
            guard case .object(let next) = value else { return .null }
            current = next
        }
        return .null
    }

    /// Groups, aggregates, filters with the having predicate and sorts.
    private func groupedRows(_ objects: [ManagedObject], _ properties: [FetchProperty], _ groupBy: [FetchProperty],
                             _ request: FetchRequest) throws -> [[String: Value]] {
        try WorkBudget.charge(objects.count * (properties.count + groupBy.count + 1))
        let keys: [[Value]] = try objects.map { o in try groupBy.map { try savedValue(o, $0.keyPath) } }
        func compareKeys(_ a: [Value], _ b: [Value]) -> ComparisonResult {
            for (x, y) in zip(a, b) {
                let r = SortDescriptor.compareValues(x, y)
                if r != .orderedSame { return r }
            }
            return .orderedSame
        }
        // Groups in the order of their values, nil first (as SQLite returns them without ORDER BY).
        var groups: [[Int]] = []
        if groupBy.isEmpty {
            groups = [Array(objects.indices)]
        } else {
            let order = objects.indices.sorted { a, b in
                let r = compareKeys(keys[a], keys[b])
                return r == .orderedSame ? a < b : r == .orderedAscending
            }
            for i in order {
                if let last = groups.last?.last, compareKeys(keys[last], keys[i]) == .orderedSame {
                    groups[groups.count - 1].append(i)
                } else {
                    groups.append([i])
                }
            }
        }
        // Each group's visible values (fetched properties and grouped keys, for HAVING and ORDER BY) and
        // its row (the fetched properties only).
        var results: [(visible: [String: Value], row: [String: Value], first: Int?)] = []
        for group in groups {
            var visible: [String: Value] = [:]
            var row: [String: Value] = [:]
            if let first = group.first {
                for (k, g) in groupBy.enumerated() { visible[g.name] = Self.converted(keys[first][k], g) }
            }
            for p in properties {
                var value: Value = .null
                if case .expression(let e) = p, let function = e.function {
                    let values = try group.map { try savedValue(objects[$0], e.keyPath) }
                    value = try Self.aggregate(function, values)
                } else if let first = group.first, let k = groupBy.firstIndex(where: { $0.keyPath == p.keyPath }) {
                    value = keys[first][k]
                } else if let first = group.first {
                    value = try savedValue(objects[first], p.keyPath)
                }
                value = Self.converted(value, p)
                visible[p.name] = value
                if case .null = value { continue }
                row[p.name] = value
            }
            results.append((visible, row, group.first))
        }
        let names = Set(properties.map(\.name) + groupBy.map(\.name))
        if let having = request.havingPredicate {
            for keyPath in having.keyPaths where !names.contains(keyPath) {
                throw ObjectGraphError(.invalidFetchRequest,
                    "Invalid fetch request: the HAVING predicate reads \(keyPath), which is neither in propertiesToGroupBy nor the name of a property to fetch")
            }
            let rewritten = having.replacingKeyPaths(names)
            results = try results.filter { result in
                guard let first = result.first else { return false }
                var variables = request.substitutionVariables
                for name in names { variables[name] = result.visible[name] ?? .null }
                return try rewritten.evaluate(with: objects[first], substitutionVariables: variables)
            }
        }
        for d in request.sortDescriptors where !names.contains(d.key) {
            throw ObjectGraphError(.invalidFetchRequest,
                "Invalid fetch request: the sort key \(d.key) is neither in propertiesToGroupBy nor the name of a property to fetch")
        }
        if !request.sortDescriptors.isEmpty {
            let indexed = Array(results.enumerated())
            results = indexed.sorted { a, b in
                for d in request.sortDescriptors {
                    let r = SortDescriptor.compareValues(a.element.visible[d.key] ?? .null, b.element.visible[d.key] ?? .null,
                                                         comparator: d.comparator)
                    if r != .orderedSame { return (r == .orderedAscending) == d.ascending }
                }
                return a.offset < b.offset
            }.map(\.element)
        }
        return results.map(\.row)
    }

    /// An aggregate of a group's values, nil values left out (SQL's `SUM`, `AVG`, `COUNT`, `MIN`, `MAX`).
    /// - Throws: `.invalidFetchRequest` with SQLite's `integer overflow` when an integer sum leaves 64 bits.
    static func aggregate(_ function: ExpressionDescription.Function, _ values: [Value]) throws -> Value {
        let present = values.filter { if case .null = $0 { return false } else { return true } }
        switch function {
        case .count:
            return .integer(Int64(present.count))
        case .min, .max:
            guard var best = present.first else { return .null }
            for v in present.dropFirst() {
                let r = SortDescriptor.compareValues(v, best)
                if function == .min ? r == .orderedAscending : r == .orderedDescending { best = v }
            }
            return best
        case .sum, .average:
            guard !present.isEmpty else { return .null }
            let integers = present.allSatisfy { if case .integer = $0 { return true }; if case .bool = $0 { return true }; return false }
            if integers && function == .sum {
                var total: Int64 = 0
                for v in present {
                    let n: Int64
                    switch v {
                    case .integer(let i): n = i
                    case .bool(let b): n = b ? 1 : 0
                    default: n = 0
                    }
                    let (sum, overflow) = total.addingReportingOverflow(n)
                    if overflow { throw ObjectGraphError(.invalidFetchRequest, "integer overflow (the sum of \(function.rawValue): leaves 64 bits)") }
                    total = sum
                }
                return .integer(total)
            }
            let total = present.reduce(0.0) { $0 + ($1.numericValue ?? 0) }
            let isDecimal = present.contains { if case .decimal = $0 { return true } else { return false } }
            if function == .average { return .double(total / Double(present.count)) }
            if isDecimal, let d = DecimalValue(number: .double(total)) { return .decimal(d) }
            return .double(total)
        }
    }

    /// A value given its expression's result type: numbers converted between number types (a double to an
    /// integer type truncates toward zero), other values as they are.
    static func converted(_ value: Value, _ property: FetchProperty) -> Value {
        guard case .expression(let e) = property, let type = e.expressionResultType else { return value }
        if case .null = value { return value }
        guard let number = value.numericValue else { return value }
        switch type {
        case .integer16, .integer32, .integer:
            if case .integer = value { return value }
            guard number.isFinite, number >= -9.223372036854775808e18, number < 9.223372036854775808e18 else { return value }
            return .integer(Int64(number))
        case .double: return .double(number)
        case .float: return .double(Double(Float(number)))
        case .decimal:
            if case .decimal = value { return value }
            return DecimalValue(number: value).map { .decimal($0) } ?? value
        case .boolean: return .bool(number != 0)
        case .date: return .date(number)
        default: return value
        }
    }

    /// The rows without repeats, first occurrences kept in order.
    static func distinct(_ rows: [[String: Value]]) -> [[String: Value]] {
        var seen: [String: [Int]] = [:]
        var result: [[String: Value]] = []
        for row in rows {
            // A bucket key: numbers by their double value (1 and 1.0 are one value in SQL), the rest as printed;
            // rows of one bucket are then compared exactly.
            let key = row.keys.sorted().map { k in
                k + "=" + (row[k]!.numericValue.map { "\($0)" } ?? String(describing: row[k]!))
            }.joined(separator: "\u{1}")
            if let candidates = seen[key], candidates.contains(where: { Self.sameRow(result[$0], row) }) { continue }
            seen[key, default: []].append(result.count)
            result.append(row)
        }
        return result
    }

    private static func sameRow(_ a: [String: Value], _ b: [String: Value]) -> Bool {
        a.count == b.count && a.allSatisfy { key, value in
            b[key].map { SortDescriptor.compareValues(value, $0) == .orderedSame } ?? false
        }
    }
}

extension Predicate {
    /// The predicate with each key path that is one of `names` read as the variable of that name
    /// (`total > 100` becomes `$total > 100`): how a having predicate reads a group's values.
    func replacingKeyPaths(_ names: Set<String>) -> Predicate {
        Predicate(node: Self.replacingKeyPaths(node, names))
    }

    private static func replacingKeyPaths(_ node: Node, _ names: Set<String>) -> Node {
        switch node {
        case .constant, .block: return node
        case .comparison(var c):
            c.leftExpression = replacingKeyPaths(c.leftExpression, names)
            c.rightExpression = replacingKeyPaths(c.rightExpression, names)
            return .comparison(c)
        case .not(let inner): return .not(replacingKeyPaths(inner, names))
        case .and(let items): return .and(items.map { replacingKeyPaths($0, names) })
        case .or(let items): return .or(items.map { replacingKeyPaths($0, names) })
        }
    }

    private static func replacingKeyPaths(_ expression: Expression, _ names: Set<String>) -> Expression {
        switch expression {
        case .keyPath(let p) where names.contains(p): return .variable(p)
        case .aggregate(let items): return .aggregate(items.map { replacingKeyPaths($0, names) })
        default: return expression
        }
    }
}
