/// The insertion of a batch insert request (both forms of ``BatchRequest/Action``): every object checked and
/// converted into a store row in one pass, then all rows written in one store save; on any error nothing is
/// written.
extension ManagedObjectContext {
    /// Inserts the objects of an `.insert` or `.insertObjects` action into `store` and returns the new rows'
    /// IDs in object order, or nil when `resultType` needs no IDs (`statusOnly`, `count`: the count is
    /// returned as `count`).
    func executeBatchInsert(_ action: BatchRequest.Action, of entity: EntityDescription, into store: PersistentStore,
                            resultType: BatchResultType) throws -> (ids: [ManagedObjectID]?, count: Int) {
        guard entity.uniquenessConstraints.isEmpty else {
            throw ObjectGraphError(.invalidOperation,
                "A batch insert into \(entity.name), which has uniqueness constraints, is not simulated by Ripple; insert through a context with a merge policy instead.")
        }
        let rows: NewStoreRows
        switch action {
        case .insert(let objects):
            rows = NewStoreRows(capacity: objects.count)
            let plan = BatchRowPlan(entity)
            for (i, values) in objects.enumerated() {
                rows.append(try plan.checkedRow(values.sorted { $0.key < $1.key }, objectNumber: i + 1))
            }
        case .insertObjects(let objects):
            rows = try batchRows(objects, of: entity)
        default:
            preconditionFailure("executeBatchInsert with a batch delete or update")
        }
        return try batchWrite(rows, of: entity, into: store, wantsIDs: resultType == .objectIDs)
    }

    /// The store rows of `objects`, in one pass: each distinct key looked up once, each value converted
    /// straight into its row. The first object that cannot be inserted (a key that is not a persistent
    /// attribute, a value that does not convert, a missing required value) is checked again as the general
    /// form of the request checks it (``BatchRowPlan/checkedRow(_:objectNumber:)``, keys in order), which
    /// throws the same error with the same words.
    func batchRows(_ objects: BatchInsertObjects, of entity: EntityDescription) throws -> NewStoreRows {
        let plan = BatchRowPlan(entity)
        let rows = NewStoreRows(capacity: objects.count)
        // Each distinct key is looked up once (-1: not a persistent attribute).
        let columns = objects.keys.map { key -> Int in
            guard case .attribute(let i)? = entity.slots[key], !entity.attributes[i].isTransient else { return -1 }
            return i
        }
        try columns.withUnsafeBufferPointer { columns in
            try objects.packed.withUnsafeBufferPointer { fields in
                try objects.bytes.withUnsafeBufferPointer { bytes in
                    var start = 0
                    for (object, end) in objects.ends.enumerated() {
                        if let attributes = plan.attributes(fields, start..<end, object: object, columns: columns, bytes: bytes,
                                                            objects: objects) {
                            // (An entity without relationships takes empty literals: no reference counting per row.)
                            rows.append(plan.toOne.isEmpty ? StoreRow(attributes: attributes, toOne: [], toMany: [], version: 1)
                                                           : StoreRow(attributes: attributes, toOne: plan.toOne, toMany: plan.toMany, version: 1))
                        } else {
                            let given = (start..<end).map { (key: objects.keys[Int(fields[$0].key)], value: objects.value(ofField: $0)) }
                            rows.append(try plan.checkedRow(given.sorted { $0.key < $1.key }, objectNumber: object + 1))
                        }
                        start = end
                    }
                }
            }
        }
        return rows
    }

    /// Writes new rows of `entity` to `store` in one save, numbered after every number taken, and returns
    /// their IDs in order when `wantsIDs` (else nil), and their count. An in-memory store without history
    /// takes the rows as they are (``PersistentStore/insertNewRows(_:entityName:firstNumber:)``); any other
    /// store through its save.
    func batchWrite(_ rows: NewStoreRows, of entity: EntityDescription, into store: PersistentStore,
                    wantsIDs: Bool) throws -> (ids: [ManagedObjectID]?, count: Int) {
        let coordinator = persistentStoreCoordinator
        let count = rows.count
        var first = 0
        if store.type == .inMemory && store.history == nil {
            first = max(store.largestNumber(entityName: entity.name), coordinator.lastReservedNumber(entity.name)) + 1
            store.insertNewRows(rows, entityName: entity.name, firstNumber: first)
        } else {
            try store.save(author: transactionAuthor, contextName: name, model: model) { session in
                first = max(try session.largestNumber(entity), coordinator.lastReservedNumber(entity.name)) + 1
                var writes: [(ManagedObjectID, StoreRow)] = []
                writes.reserveCapacity(count)
                rows.forEach { n, row in
                    writes.append((ManagedObjectID(entityName: entity.name, number: first + n, isTemporaryID: false), row))
                }
                return (writes, [])
            }
        }
        if count > 0 { coordinator.noteTakenNumber(first + count - 1, entityName: entity.name) }
        guard wantsIDs else { return (nil, count) }
        var ids: [ManagedObjectID] = []
        ids.reserveCapacity(count)
        for n in 0..<count { ids.append(ManagedObjectID(entityName: entity.name, number: first + n, isTemporaryID: false)) }
        return (ids, count)
    }

    /// Whether `value` is already of `type`, so that `convert(value, to: type)` would return it unchanged
    /// (the common case, checked without copying the value).
    @inline(__always)
    static func isAlreadyConverted(_ value: Value, to type: AttributeType) -> Bool {
        switch (type, value) {
        case (_, .null), (.string, .string), (.integer, .integer), (.double, .double), (.boolean, .bool): return true
        default: return false
        }
    }
}

/// What a batch insert needs to know of its entity to build rows: each attribute's type, the row an object
/// starts from (defaults; transient attributes are not stored) and what each value is checked for.
final class BatchRowPlan {
    let entity: EntityDescription
    /// The number of attributes.
    let width: Int
    /// Each attribute's type.
    let types: UnsafeMutableBufferPointer<AttributeType>
    /// The values of a row before the object's own (defaults, `.null` for transient attributes).
    let template: [Value]
    /// What each attribute's value is checked for.
    let checks: UnsafeMutableBufferPointer<Check>
    /// The persistent attributes that are not optional.
    let required: [Int]
    /// Empty relationship slots.
    let toOne: [ManagedObjectID?]
    let toMany: [[ManagedObjectID]]
    /// Per attribute, the object that last gave it a value (-1: none yet) and the field that did.
    private let givenBy: UnsafeMutableBufferPointer<Int>
    private let fieldOf: UnsafeMutableBufferPointer<Int>

    /// What an attribute's value is checked for.
    enum Check {
        /// Nothing (optional or transient).
        case none
        /// Non-null (required, with a default).
        case required
        /// Non-null and given (required, without a default).
        case requiredWithoutDefault
    }

    init(_ entity: EntityDescription) {
        self.entity = entity
        width = entity.attributes.count
        types = .allocate(capacity: width)
        _ = types.initialize(from: entity.attributeTypes)
        template = entity.attributes.map { $0.isTransient ? .null : ($0.defaultValue ?? .null) }
        checks = .allocate(capacity: width)
        _ = checks.initialize(from: entity.attributes.map { a -> Check in
            if a.isTransient || a.isOptional { return .none }
            return a.defaultValue == nil || a.defaultValue!.isNull ? .requiredWithoutDefault : .required
        })
        required = entity.attributes.indices.filter { !entity.attributes[$0].isTransient && !entity.attributes[$0].isOptional }
        toOne = [ManagedObjectID?](repeating: nil, count: entity.relationships.count)
        toMany = [[ManagedObjectID]](repeating: [], count: entity.relationships.count)
        givenBy = .allocate(capacity: width)
        givenBy.initialize(repeating: -1)
        fieldOf = .allocate(capacity: width)
        fieldOf.initialize(repeating: 0)
    }

    deinit {
        types.deallocate()
        checks.deallocate()
        givenBy.deallocate()
        fieldOf.deallocate()
    }

    /// The attribute values of object number `object` (0-based, increasing from call to call) from its
    /// fields, `range` of `fields` (`columns`: the attribute of each key, -1 for a key that is not a persistent attribute), in
    /// one array made for them, or nil when the object cannot be inserted (``checkedRow(_:objectNumber:)``
    /// says why).
    @inline(__always)
    func attributes(_ fields: UnsafeBufferPointer<BatchInsertObjects.PackedField>, _ range: Range<Int>, object: Int,
                    columns: UnsafeBufferPointer<Int>, bytes: UnsafeBufferPointer<UInt8>,
                    objects: BatchInsertObjects) -> [Value]? {
        // Which attribute each field sets.
        for k in range {
            let i = columns[Int(fields[k].key)]
            if i < 0 { return nil }
            givenBy[i] = object
            fieldOf[i] = k
        }
        var attributes: [Value] = []
        attributes.reserveCapacity(width)
        for i in 0..<width {
            guard givenBy[i] == object else {
                if checks[i] == .requiredWithoutDefault { return nil }
                attributes.append(template[i])
                continue
            }
            // A value of the attribute's type is made straight from its field.
            let field = fields[fieldOf[i]]
            switch (field.kind, types[i]) {
            case (.integer, .integer): attributes.append(.integer(Int64(bitPattern: field.payload)))
            case (.double, .double): attributes.append(.double(Double(bitPattern: field.payload)))
            case (.shortString, .string), (.string, .string): attributes.append(.string(BatchInsertObjects.string(field, in: bytes)))
            case (.boolean, .boolean): attributes.append(.bool(field.payload != 0))
            default:
                guard let converted = ManagedObjectContext.convert(objects.value(ofField: fieldOf[i]), to: types[i]),
                      checks[i] == .none || !converted.isNull else { return nil }
                attributes.append(converted)
            }
        }
        return attributes
    }

    /// The row of one object as the general form of a batch insert checks it: `values` in key order, each
    /// key an attribute, each value converted, then every required value present.
    /// - Throws: `.unknownKey`, `.invalidOperation` (not a persistent attribute), `.wrongType`, 1570 (a
    ///   required value nil or missing; `objectNumber` names the object).
    func checkedRow(_ values: [(key: String, value: Value)], objectNumber: Int) throws -> StoreRow {
        var row = StoreRow(attributes: template, toOne: toOne, toMany: toMany, version: 1)
        for (key, value) in values {
            row.attributes[try ManagedObjectContext.batchAttributeIndex(key, entity)] = try ManagedObjectContext.batchValue(value, key, entity)
        }
        for i in required where row.attributes[i].isNull {
            let name = entity.attributes[i].name
            throw ObjectGraphError(.validation, code: 1570,
                "Error Domain=NSCocoaErrorDomain Code=1570 \"\(name) is a required value.\" UserInfo={NSValidationErrorKey=\(name), NSValidationErrorValue=nil} (batch insert into \(entity.name), object \(objectNumber))")
        }
        return row
    }
}

/// The rows a batch insert built, in memory of their own until the store takes them (moved, not copied) or
/// the insertion fails (then they are dropped).
final class NewStoreRows {
    private let base: UnsafeMutablePointer<StoreRow>
    private let capacity: Int
    /// The number of rows.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Adds a row (at most `capacity`).
    func append(_ row: consuming StoreRow) {
        precondition(count < capacity, "more batch insert rows than objects")
        (base + count).initialize(to: row)
        count += 1
    }

    /// Calls `body` with each row's position and a copy of it.
    func forEach(_ body: (Int, StoreRow) -> Void) {
        for n in 0..<count { body(n, base[n]) }
    }

    /// Hands each row to `body` (position, row), leaving none.
    func moveAll(_ body: (Int, consuming StoreRow) -> Void) {
        let n = count
        count = 0
        for i in 0..<n { body(i, (base + i).move()) }
    }
}
