/// A description of the objects to fetch (`NSFetchRequest`): entity, predicate, sort order, limit and
/// offset.
///
/// ```swift
/// var request = FetchRequest(entityName: "Customer")
/// request.predicate = try Predicate(format: "name BEGINSWITH %@", arguments: [.string("A")])
/// request.sortDescriptors = [SortDescriptor(key: "name")]
/// request.fetchLimit = 10
/// let page = try request.apply(to: candidates)
/// ```
///
/// The context gathers the candidates (the registered objects of the entity, in object order, plus
/// pending changes when ``includesPendingChanges``) and calls ``apply(to:)``.
///
/// ## Topics
///
/// - ``apply(to:)``, ``matches(_:)``, ``compare(_:_:)``, ``objectOrderPrecedes(_:_:)``
public struct FetchRequest: CustomStringConvertible, @unchecked Sendable {
    /// The name of the entity to fetch.
    public var entityName: String
    /// The condition objects must satisfy, or nil for every object.
    public var predicate: Predicate?
    /// The sort order, most significant first; objects equal under all of them keep candidate order.
    public var sortDescriptors: [SortDescriptor]
    /// The greatest number of objects returned; 0 means no limit.
    public var fetchLimit: Int
    /// The number of sorted, matching objects skipped before the first one returned.
    public var fetchOffset: Int
    /// Whether unsaved changes of the context (inserts, updates, deletes) are taken into account.
    public var includesPendingChanges: Bool
    /// Values of the predicate's `$VARIABLE`s, bound at evaluation (as `evaluate(with:substitutionVariables:)`
    /// binds them); a variable without a value fails the fetch with `Can't get value for 'NAME' in bindings {…}.`
    public var substitutionVariables: [String: Value] = [:]
    /// The batch size (`fetchBatchSize`, 0 = no batching): only the first batch of a fetch's objects is
    /// loaded; the others stay faults, and touching one loads its whole batch.
    public var fetchBatchSize: Int = 0
    /// What a fetch returns (`resultType`); see ``FetchRequestResultType``.
    public var resultType: FetchRequestResultType = .managedObjectResultType
    /// The properties a dictionary result holds (`propertiesToFetch`): key paths (through to-one
    /// relationships) and expression descriptions; nil: every attribute.
    public var propertiesToFetch: [FetchProperty]?
    /// The properties dictionary results are grouped by (`propertiesToGroupBy`, SQL's `GROUP BY`); only
    /// with ``FetchRequestResultType/dictionaryResultType``.
    public var propertiesToGroupBy: [FetchProperty]?
    /// The condition each group must satisfy (`havingPredicate`, SQL's `HAVING`); only with
    /// ``propertiesToGroupBy``. Its keys name the group's properties and expressions.
    public var havingPredicate: Predicate?
    /// Whether equal dictionaries are returned once (`returnsDistinctResults`, SQL's `SELECT DISTINCT`);
    /// only with ``FetchRequestResultType/dictionaryResultType`` and ``propertiesToFetch``.
    public var returnsDistinctResults: Bool = false
    /// Whether objects of the entity's sub-entities are fetched too (`includesSubentities`, true by default).
    public var includesSubentities: Bool = true
    /// Relationship key paths whose destination objects are fetched with the results
    /// (`relationshipKeyPathsForPrefetching`): they arrive with their values loaded, not as faults. Every
    /// component must name a relationship.
    public var relationshipKeyPathsForPrefetching: [String] = []

    /// Creates a fetch request.
    public init(entityName: String, predicate: Predicate? = nil, sortDescriptors: [SortDescriptor] = [],
                fetchLimit: Int = 0, fetchOffset: Int = 0, includesPendingChanges: Bool = true) {
        self.entityName = entityName
        self.predicate = predicate
        self.sortDescriptors = sortDescriptors
        self.fetchLimit = fetchLimit
        self.fetchOffset = fetchOffset
        self.includesPendingChanges = includesPendingChanges
    }

    /// `<FetchRequest: entity: Customer; predicate: (name BEGINSWITH "A"); sortDescriptors: ((name,
    /// ascending, compare:)); limit: 10; offset: 0>` (one line).
    public var description: String {
        "<FetchRequest: entity: \(entityName); predicate: (\(predicate?.predicateFormat ?? "(null)")); "
            + "sortDescriptors: (\(sortDescriptors.map(\.description).joined(separator: ", "))); "
            + "limit: \(fetchLimit); offset: \(fetchOffset)>"
    }

    /// Whether the request fetches objects of `entity`: its own entity, or a sub-entity of it unless
    /// ``includesSubentities`` is false.
    public func fetches(_ entity: EntityDescription) -> Bool {
        entity.name == entityName || (includesSubentities && entity.superentity != nil && entity.isKind(ofEntityNamed: entityName))
    }

    /// Checks the limit and offset.
    /// - Throws: `.invalidFetchRequest` when `fetchLimit` or `fetchOffset` is negative.
    public func validate() throws {
        guard fetchLimit >= 0 else {
            throw ObjectGraphError(.invalidFetchRequest, "Invalid fetch limit \(fetchLimit): it must not be negative.")
        }
        guard fetchOffset >= 0 else {
            throw ObjectGraphError(.invalidFetchRequest, "Invalid fetch offset \(fetchOffset): it must not be negative.")
        }
    }

    /// Whether an object satisfies the predicate (always true without one).
    ///
    /// The entity is not checked here: the context passes only objects of ``entityName``.
    public func matches(_ object: ManagedObject) throws -> Bool {
        guard let predicate else { return true }
        return try predicate.evaluate(with: object, substitutionVariables: substitutionVariables)
    }

    /// Compares two objects with the sort descriptors, most significant first; `.orderedSame` when every
    /// descriptor ties (the caller then keeps object order).
    public func compare(_ a: ManagedObject, _ b: ManagedObject) throws -> ComparisonResult {
        for descriptor in sortDescriptors {
            let r = try descriptor.compare(a, b)
            if r != .orderedSame { return r }
        }
        return .orderedSame
    }

    /// Whether `a` sorts strictly before `b` under the sort descriptors.
    public func objectOrderPrecedes(_ a: ManagedObject, _ b: ManagedObject) throws -> Bool {
        try compare(a, b) == .orderedAscending
    }

    /// Filters, sorts, then applies the offset and the limit.
    ///
    /// ```swift
    /// // candidates: Ann(30), Bob(25), Cy(40), Dee(35)
    /// let r = FetchRequest(entityName: "Customer", predicate: try Predicate(format: "age > 26"),
    ///                      sortDescriptors: [SortDescriptor(key: "age")], fetchLimit: 2, fetchOffset: 1)
    /// try r.apply(to: candidates)   // [Dee, Cy]
    /// ```
    ///
    /// - Parameters:
    ///   - candidates: The objects to consider, in object order; ties of the sort keep this order.
    ///   - answeredBySQL: Which candidates a SQLite store answers: those match only when the predicate
    ///     is true under SQL's three-valued logic (``Predicate/evaluateAsSQL(with:substitutionVariables:)``).
    /// - Returns: The matching objects, sorted, after offset and limit.
    /// - Throws: Errors of the predicate or of the sort key paths; `.invalidFetchRequest` for a negative
    ///   limit or offset.
    public func apply(to candidates: [ManagedObject],
                      answeredBySQL: ((ManagedObject) -> Bool)? = nil) throws -> [ManagedObject] {
        try validate()
        try WorkBudget.charge(candidates.count)
        var matching: [ManagedObject] = []
        for object in candidates where try matches(object) {
            if let answeredBySQL, let predicate, answeredBySQL(object),
               try !predicate.evaluateAsSQL(with: object, substitutionVariables: substitutionVariables) { continue }
            matching.append(object)
        }
        let sorted = try sort(matching)
        guard fetchOffset < sorted.count else { return [] }
        // offset + limit may overflow (fetchLimit = math.maxinteger): compare with what is left instead.
        let end = fetchLimit > 0 ? fetchOffset + min(sorted.count - fetchOffset, fetchLimit) : sorted.count
        return Array(sorted[fetchOffset..<end])
    }

    /// Sorts objects with the sort descriptors, stably: ties keep the given order.
    /// Each object's sort keys are read once.
    public func sort(_ objects: [ManagedObject]) throws -> [ManagedObject] {
        guard !sortDescriptors.isEmpty, objects.count > 1 else { return objects }
        // About n log2 n comparisons.
        try WorkBudget.charge(objects.count * (Int.bitWidth - objects.count.leadingZeroBitCount))
        // The keys in one flat array (object i's key k at i * m + k): no per-object array, no nested copies.
        let m = sortDescriptors.count
        var keys: [Value] = []
        keys.reserveCapacity(objects.count * m)
        // A plain key is looked up once per entity and read from its slot (`value(for:)` falls back to
        // `value(forKey:)` for a fault, an invalid or a confined object); a key path goes through
        // `value(forKeyPath:)`.
        var slotsEntity: ObjectIdentifier?
        var slots: [PropertySlot?] = []
        for o in objects {
            if slotsEntity != ObjectIdentifier(o.entity) {
                slotsEntity = ObjectIdentifier(o.entity)
                slots = sortDescriptors.map { d in
                    d.key.utf8.contains(UInt8(ascii: ".")) || d.key.hasPrefix("@") ? nil : o.entity.slots[d.key]
                }
            }
            for (k, d) in sortDescriptors.enumerated() {
                keys.append(try slots[k].map { try o.value(for: $0) } ?? o.value(forKeyPath: d.key))
            }
        }
        let comparators = sortDescriptors.map(\.comparator)
        let ascending = sortDescriptors.map(\.ascending)
        // Each object's first two keys as words whose order is the descriptors' (``SortKeyColumn``), beside
        // its index: most comparisons read two words of this array, in order, and copy no `Value`. Sorting
        // with the index as the final tie-breaker gives a stable order.
        var items = objects.indices.map { SortItem(key0: 0, key1: 0, index: $0) }
        return keys.withUnsafeBufferPointer { keys in
            let column0 = items.withUnsafeMutableBufferPointer { items in
                SortKeyColumn.make(keys: keys, m: m, k: 0, descriptor: sortDescriptors[0]) { items[$0].key0 = $1 }
            }
            let column1 = m < 2 ? SortKeyColumn(isExact: true) : items.withUnsafeMutableBufferPointer { items in
                SortKeyColumn.make(keys: keys, m: m, k: 1, descriptor: sortDescriptors[1]) { items[$0].key1 = $1 }
            }
            let exact0 = column0.isExact, exact1 = column1.isExact
            // Keys `start…` of objects i and j, boxed; nil when they are all the same.
            func boxed(_ i: Int, _ j: Int, from start: Int, to end: Int) -> Bool? {
                for k in start..<end {
                    let r = SortDescriptor.compareValues(keys[i * m + k], keys[j * m + k], comparator: comparators[k])
                    if r != .orderedSame { return (r == .orderedAscending) == ascending[k] }
                }
                return nil
            }
            items.sort { a, b in
                if a.key0 != b.key0 { return a.key0 < b.key0 }
                if !exact0, let r = boxed(a.index, b.index, from: 0, to: 1) { return r }
                if m == 1 { return a.index < b.index }
                if a.key1 != b.key1 { return a.key1 < b.key1 }
                if !exact1, let r = boxed(a.index, b.index, from: 1, to: 2) { return r }
                if m == 2 { return a.index < b.index }
                return boxed(a.index, b.index, from: 2, to: m) ?? (a.index < b.index)
            }
            return items.map { objects[$0.index] }
        }
    }
}

/// An object being sorted by ``FetchRequest/sort(_:)``: its first two sort keys as ``SortKeyColumn`` words,
/// and its index.
private struct SortItem {
    var key0: UInt64
    var key1: UInt64
    let index: Int
}
