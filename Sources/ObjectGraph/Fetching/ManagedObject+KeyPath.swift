extension ManagedObject {
    /// The value at a dot-separated key path (`valueForKeyPath:`), following relationships and applying
    /// collection operators.
    ///
    /// - A to-one relationship continues with its destination; a nil to-one yields `.null` for the rest of
    ///   the path.
    /// - A to-many relationship continues with each member and flattens the results into one
    ///   `.collection` (members whose value is nil contribute `.null`).
    /// - The collection operators `@count`, `@sum`, `@avg`, `@min` and `@max` aggregate the collection on
    ///   their left over the key path on their right: `orders.@sum.total`, `orders.@count`.
    ///   `@count` is an `.integer`. `@sum` skips nil members, stays `.integer` while every member is an
    ///   integer (or Boolean), and is `.integer(0)` for an empty collection. `@avg` is a `.double`, and
    ///   `.null` for an empty collection (Core Data returns nil or 0 depending on the store: Ripple picks
    ///   nil). `@min` / `@max` return the smallest / largest member under the sort rules of
    ///   ``SortDescriptor/compareValues(_:_:comparator:)``, nil members skipped, `.null` when empty.
    ///
    /// ```swift
    /// try customer.value(forKeyPath: "orders.@sum.total")   // .double(42.5)
    /// try order.value(forKeyPath: "customer.name")         // .string("Ann")
    /// ```
    ///
    /// - Parameter keyPath: Keys separated by dots.
    /// - Returns: The value; `.collection` when the path goes through a to-many relationship.
    /// - Throws: `.unknownKey` with Key-Value Coding's wording when a key is not a property of the entity
    ///   it is applied to, or when a collection operator is unknown or applied to a non-collection;
    ///   `.limitExceeded` for a key path of more than ``KeyPathEvaluator/maximumComponents`` keys (a
    ///   self-referencing relationship could otherwise be followed deep enough to exhaust the stack).
    public func value(forKeyPath keyPath: String) throws -> Value {
        if !keyPath.utf8.contains(UInt8(ascii: ".")), !keyPath.hasPrefix("@") { return try value(forKey: keyPath) }
        // An all-ASCII path over the limit is refused after counting its dots, without splitting it (a
        // path of more keys than the limit has at least as many bytes).
        if keyPath.utf8.count >= KeyPathEvaluator.maximumComponents,
           let count = KeyPathEvaluator.asciiComponentCount(keyPath), count > KeyPathEvaluator.maximumComponents {
            throw KeyPathEvaluator.tooManyKeys(keyPath, count: count)
        }
        let components = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard components.count <= KeyPathEvaluator.maximumComponents else {
            throw KeyPathEvaluator.tooManyKeys(keyPath, count: components.count)
        }
        return try KeyPathEvaluator.value(of: components[...], on: .object(self))
    }
}

extension KeyPathEvaluator {
    /// The error for a key path of more than ``maximumComponents`` keys.
    static func tooManyKeys(_ keyPath: String, count: Int) -> ObjectGraphError {
        ObjectGraphError(.limitExceeded,
            "The key path '\(keyPath.prefix(60))…' has \(count) keys; at most \(maximumComponents) are followed")
    }
}

/// Key-path evaluation over values (objects, collections and scalars).
enum KeyPathEvaluator {
    /// The most keys a key path may have (evaluation recurses once per key).
    static let maximumComponents = 100

    /// The collection operators understood in key paths.
    static let collectionOperators: Set<String> = ["@count", "@sum", "@avg", "@min", "@max"]

    /// Follows the components from a value.
    static func value(of components: ArraySlice<String>, on base: Value) throws -> Value {
        guard let key = components.first else { return base }
        let rest = components.dropFirst()
        if key.hasPrefix("@") {
            return try aggregate(key, rest: rest, on: base)
        }
        switch base {
        case .null:
            return .null
        case .object(let object):
            // `entity.name`: the entity's name (as `entity` alone reads it), unless `entity` is a property.
            if key == "entity", rest.first == "name", object.entity.slots[key] == nil {
                return try value(of: rest.dropFirst(), on: .string(object.entity.name))
            }
            return try value(of: rest, on: try object.value(forKey: key))
        case .collection(let items):
            var out: [Value] = []
            out.reserveCapacity(items.count)
            for item in items {
                let v = try value(of: components, on: item)
                if case .collection(let inner) = v, case .object = item {
                    out.append(contentsOf: inner)
                } else {
                    out.append(v)
                }
            }
            return .collection(out)
        default:
            throw undefinedKey(key, on: base)
        }
    }

    /// The `valueForUndefinedKey:` error for a key applied to a non-object value.
    static func undefinedKey(_ key: String, on base: Value) -> ObjectGraphError {
        ObjectGraphError(.unknownKey,
            "[<\(base.cocoaTypeName)> valueForUndefinedKey:]: this class is not key value coding-compliant for the key \(key).")
    }

    /// Applies a collection operator to a collection.
    static func aggregate(_ op: String, rest: ArraySlice<String>, on base: Value) throws -> Value {
        let items: [Value]
        switch base {
        case .collection(let c): items = c
        case .null: items = []
        default:
            throw undefinedKey(op, on: base)
        }
        if op == "@count" { return .integer(Int64(items.count)) }
        guard collectionOperators.contains(op) else {
            throw ObjectGraphError(.unknownKey,
                "[<NSSet> valueForKeyPath:]: this class does not implement the \(op.dropFirst()) operation.")
        }
        var values: [Value] = []
        values.reserveCapacity(items.count)
        for item in items {
            let v = rest.isEmpty ? item : try value(of: rest, on: item)
            if case .collection(let inner) = v { values.append(contentsOf: inner) } else { values.append(v) }
        }
        values.removeAll { $0.isNull }
        switch op {
        case "@sum": return try sum(values)
        case "@avg":
            guard !values.isEmpty else { return .null }
            return .double((try sum(values).numericValue ?? 0) / Double(values.count))
        case "@min":
            return values.min { SortDescriptor.compareValues($0, $1) == .orderedAscending } ?? .null
        default:
            return values.max { SortDescriptor.compareValues($0, $1) == .orderedAscending } ?? .null
        }
    }

    /// The sum of numbers: `.integer` while every member is an integer or Boolean, `.double` otherwise.
    static func sum(_ values: [Value]) throws -> Value {
        var integer: Int64 = 0
        var double = 0.0
        var isInteger = true
        for v in values {
            switch v {
            case .integer(let i):
                double += Double(i)
                if isInteger {
                    let (r, overflow) = integer.addingReportingOverflow(i)
                    if overflow { isInteger = false } else { integer = r }
                }
            case .bool(let b):
                double += b ? 1 : 0
                if isInteger {
                    let (r, overflow) = integer.addingReportingOverflow(b ? 1 : 0)
                    if overflow { isInteger = false } else { integer = r }
                }
            case .double(let d), .date(let d):
                double += d
                isInteger = false
            default:
                throw ObjectGraphError(.predicateEvaluation,
                    "Can't do @sum on the value \(v) of class \(v.cocoaTypeName): it is not a number.")
            }
        }
        return isInteger ? .integer(integer) : .double(double)
    }
}
