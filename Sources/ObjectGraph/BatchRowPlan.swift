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
            case (.shortString, .string), (.string, .string):
                // Bytes that are not UTF-8 are binary data, which a string attribute refuses.
                guard let s = BatchInsertObjects.string(field, in: bytes) else { return nil }
                attributes.append(.string(s))
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
