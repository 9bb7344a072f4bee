import Collections

extension ManagedObjectContext {
    // MARK: - Type checking

    /// Converts a value to what the property stores, or fails with Core Data's
    /// "Unacceptable type of value" wording.
    /// (`objectName` is only evaluated for the error of a read-only key.)
    func coerce(_ value: Value, forKey key: String, of entity: EntityDescription,
                objectName: @autoclosure () -> String?) throws -> Value {
        guard let slot = entity.slots[key] else { throw ObjectGraphError.unknownKey(key, entity: entity, object: nil) }
        switch slot {
        case .derived:
            throw ObjectGraphError.readOnlyKey(key, entity: entity, objectName: objectName())
        case .attribute(let i):
            let attribute = entity.attributes[i]
            if let converted = Self.convert(value, to: attribute.type) { return converted }
            throw ObjectGraphError(.wrongType,
                "Unacceptable type of value for attribute: property = \"\(key)\"; desired type = \(attribute.type.cocoaClassName); given type = \(value.cocoaTypeName); value = \(value).\(Self.notTextHint(value, attribute.type))")
        case .relationship(let i):
            let relationship = entity.relationships[i]
            let destination = entity.destinations[i]
            if relationship.isToMany {
                guard case .collection(let members) = value else {
                    if value.isNull { return .collection([]) }
                    throw ObjectGraphError(.wrongType,
                        "Unacceptable type of value for to-many relationship: property = \"\(key)\"; desired type = NSSet; given type = \(value.cocoaTypeName); value = \(value).")
                }
                for member in members {
                    guard case .object(let o) = member, o.entity.isKind(of: destination) else {
                        throw ObjectGraphError(.wrongType,
                            "Unacceptable type of value for to-many relationship: property = \"\(key)\"; desired type = \(destination.name); given type = \(member.cocoaTypeName); value = \(member).")
                    }
                }
                return value
            }
            switch value {
            case .null: return .null
            case .object(let o) where o.entity.isKind(of: destination): return value
            default:
                throw ObjectGraphError(.wrongType,
                    "Unacceptable type of value for to-one relationship: property = \"\(key)\"; desired type = \(destination.name); given type = \(value.cocoaTypeName); value = \(value).")
            }
        }
    }

    /// A note for a wrong-type message when bytes that are not UTF-8 were given to a string attribute.
    static func notTextHint(_ value: Value, _ type: AttributeType) -> String {
        guard type == .string, case .data = value else { return "" }
        return " A string attribute takes UTF-8 text; these bytes are not UTF-8 (store them in a binary attribute)."
    }

    /// The value converted to what an attribute of that type stores, or nil when it is not acceptable
    /// (the conversions of `setValue(_:forKey:)`).
    public static func convert(_ value: Value, to type: AttributeType) -> Value? {
        switch (type, value) {
        case (_, .null): return .null
        case (.string, .string): return value
        case (.integer, .integer), (.integer16, .integer), (.integer32, .integer): return value
        case (.integer, .double(let d)), (.integer16, .double(let d)), (.integer32, .double(let d)):
            guard d == d.rounded(.towardZero), abs(d) < 9.2e18 else { return nil }
            return .integer(Int64(d))
        case (.integer, .decimal(let d)), (.integer16, .decimal(let d)), (.integer32, .decimal(let d)):
            return d.exactInteger.map { .integer($0) }
        case (.double, .double): return value
        case (.double, .integer(let i)): return .double(Double(i))
        case (.double, .decimal(let d)): return .double(d.doubleValue)
        case (.float, .double(let d)): return .double(Double(Float(d)))
        case (.float, .integer(let i)): return .double(Double(Float(i)))
        case (.float, .decimal(let d)): return .double(Double(Float(d.doubleValue)))
        case (.decimal, .decimal): return value
        case (.decimal, .integer(let i)): return .decimal(DecimalValue(i))
        case (.decimal, .double(let d)): return DecimalValue(d).map { .decimal($0) }
        case (.decimal, .string(let s)): return DecimalValue(string: s).map { .decimal($0) }
        case (.boolean, .bool): return value
        case (.date, .date): return value
        case (.date, .double(let d)): return .date(d)
        case (.date, .integer(let i)): return .date(Double(i))
        case (.binary, .data): return value
        case (.binary, .string(let s)): return .data(Array(s.utf8))
        case (.uuid, .uuid): return value
        case (.uuid, .string(let s)): return UUIDBytes(string: s).map { .uuid($0) }
        case (.uri, .string(let s)): return Self.isAbsoluteURL(s) ? value : nil
        // A transformable attribute holds the program's value (boxed by the bridge) or, once loaded from a
        // store and not read since, the stored bytes.
        case (.transformable, .boxed), (.transformable, .data): return value
        default: return nil
        }
    }

    /// Whether text is an absolute URL as `URL(string:)` accepts one with a scheme: `scheme:rest`, the scheme
    /// a letter then letters, digits, `+`, `-` or `.`; the rest non-empty, without spaces, control
    /// characters or characters a URL never holds unescaped (`"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`);
    /// a `%` followed by two hexadecimal digits.
    public static func isAbsoluteURL(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, colon + 1 < bytes.count else { return false }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f")) }
        guard isLetter(bytes[0]), bytes[1..<colon].allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+")
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }) else { return false }
        var i = colon + 1
        while i < bytes.count {
            let b = bytes[i]
            if b <= 0x20 || b == 0x7F || Array("\"<>\\^`{|}".utf8).contains(b) { return false }
            if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return false }
                i += 2
            }
            i += 1
        }
        return true
    }

    // MARK: - Writing

    /// Sets a property (`setValue(_:forKey:)`), keeping inverse relationships in sync.
    func setValue(_ value: Value, forKey key: String, of object: ManagedObject, checked: Bool = false) throws {
        try checkAccess(object, forWriting: true)
        let entity = object.entity
        guard let slot = entity.slots[key] else { throw ObjectGraphError.unknownKey(key, entity: entity, object: object) }
        // An attribute whose value converts needs no second lookup of the key (`coerce` words the errors).
        let newValue: Value
        if checked {
            newValue = value
        } else if case .attribute(let i) = slot, let converted = Self.convert(value, to: entity.attributeTypes[i]) {
            newValue = converted
        } else {
            newValue = try coerce(value, forKey: key, of: entity, objectName: object.displayName)
        }
        switch slot {
        case .derived:
            throw ObjectGraphError.readOnlyKey(key, entity: entity, objectName: object.displayName)
        case .attribute(let i):
            if entity.isStoreDerivedAttribute(at: i) { throw ObjectGraphError.derivedAttributeWrite(key, entity: entity, objectName: object.displayName) }
            willChange(object, slot: slot, key: key, oldValue: object.attributeValues[i])
            object.attributeValues[i] = newValue
        case .relationship(let i):
            if entity.relationships[i].isToMany {
                guard case .collection(let members) = newValue else { return }
                let wanted = OrderedSet(members.compactMap(\.objectValue))
                for member in wanted { try checkAccess(member, forWriting: false, use: .relationship(key: key, source: object)) }
                let current = object.toManyValues[i]
                willChange(object, key: key, oldValue: toManyValue(object, i))
                for member in current where !wanted.contains(member) { removeMember(member, from: object, relationship: i) }
                for member in wanted where !current.contains(member) { addMember(member, to: object, relationship: i) }
                // An ordered relationship takes the list's order.
                if entity.relationships[i].isOrdered, object.toManyValues[i] != wanted { object.toManyValues[i] = wanted }
            } else {
                let target = newValue.objectValue
                if let target { try checkAccess(target, forWriting: false, use: .relationship(key: key, source: object)) }
                setToOne(target, of: object, relationship: i)
            }
        }
    }

    /// Adds an object to a to-many relationship (`mutableSetValue(forKey:).add(_:)`).
    func addObject(_ member: ManagedObject, toRelationship key: String, of object: ManagedObject) throws {
        let i = try toManyIndex(key, of: object)
        _ = try coerce(.collection([.object(member)]), forKey: key, of: object.entity, objectName: object.displayName)
        try checkAccess(member, forWriting: false, use: .relationship(key: key, source: object))
        guard !object.toManyValues[i].contains(member) else { return }
        willChange(object, key: key, oldValue: toManyValue(object, i))
        addMember(member, to: object, relationship: i)
    }

    /// Removes an object from a to-many relationship (`mutableSetValue(forKey:).remove(_:)`).
    func removeObject(_ member: ManagedObject, fromRelationship key: String, of object: ManagedObject) throws {
        let i = try toManyIndex(key, of: object)
        guard object.toManyValues[i].contains(member) else { return }
        willChange(object, key: key, oldValue: toManyValue(object, i))
        removeMember(member, from: object, relationship: i)
    }

    private func toManyIndex(_ key: String, of object: ManagedObject) throws -> Int {
        try checkAccess(object, forWriting: true)
        guard case .relationship(let i)? = object.entity.slots[key], object.entity.relationships[i].isToMany else {
            if object.entity.slots[key] == nil {
                throw ObjectGraphError.unknownKey(key, entity: object.entity, object: object)
            }
            throw ObjectGraphError(.wrongType,
                "'\(key)' of \(object.entity.name) is not a to-many relationship: NSMutableSet operations need one.")
        }
        return i
    }

    func toManyValue(_ object: ManagedObject, _ i: Int) -> Value {
        .collection(object.toManyValues[i].map { .object($0) })
    }

    func toOneValue(_ object: ManagedObject, _ i: Int) -> Value {
        object.toOneValues[i].map { .object($0) } ?? .null
    }

    /// Sets a to-one relationship and maintains its inverse.
    func setToOne(_ target: ManagedObject?, of object: ManagedObject, relationship i: Int) {
        let old = object.toOneValues[i]
        let key = object.entity.relationships[i].name
        willChange(object, key: key, oldValue: toOneValue(object, i))
        guard old !== target else { return }
        object.toOneValues[i] = target
        guard let inverse = object.entity.inverseIndexes[i] else { return }
        if let old { detachInverse(of: object, from: old, inverse: inverse) }
        if let target { attachInverse(of: object, to: target, inverse: inverse, relationship: i) }
    }

    /// Adds a member to a to-many relationship and maintains the inverse.
    func addMember(_ member: ManagedObject, to object: ManagedObject, relationship i: Int) {
        object.toManyValues[i].append(member)
        guard let inverse = object.entity.inverseIndexes[i] else { return }
        attachInverse(of: object, to: member, inverse: inverse, relationship: i)
    }

    /// Removes a member from a to-many relationship and maintains the inverse.
    func removeMember(_ member: ManagedObject, from object: ManagedObject, relationship i: Int) {
        object.toManyValues[i].remove(member)
        guard let inverse = object.entity.inverseIndexes[i] else { return }
        detachInverse(of: object, from: member, inverse: inverse)
    }

    /// `target.inverse` now includes `source` (which points at `target` through `relationship`).
    private func attachInverse(of source: ManagedObject, to target: ManagedObject, inverse: Int, relationship: Int) {
        target.fireFault()
        let inverseKey = target.entity.relationships[inverse].name
        if target.entity.relationships[inverse].isToMany {
            guard !target.toManyValues[inverse].contains(source) else { return }
            willChange(target, key: inverseKey, oldValue: toManyValue(target, inverse))
            target.toManyValues[inverse].append(source)
        } else {
            let previous = target.toOneValues[inverse]
            guard previous !== source else { return }
            willChange(target, key: inverseKey, oldValue: toOneValue(target, inverse))
            target.toOneValues[inverse] = source
            // The previous holder of `target` loses it.
            if let previous {
                let key = source.entity.relationships[relationship].name
                if source.entity.relationships[relationship].isToMany {
                    willChange(previous, key: key, oldValue: toManyValue(previous, relationship))
                    previous.toManyValues[relationship].remove(target)
                } else {
                    willChange(previous, key: key, oldValue: toOneValue(previous, relationship))
                    previous.toOneValues[relationship] = nil
                }
            }
        }
    }

    /// `target.inverse` no longer includes `source`.
    func detachInverse(of source: ManagedObject, from target: ManagedObject, inverse: Int) {
        target.fireFault()
        let inverseKey = target.entity.relationships[inverse].name
        if target.entity.relationships[inverse].isToMany {
            guard target.toManyValues[inverse].contains(source) else { return }
            willChange(target, key: inverseKey, oldValue: toManyValue(target, inverse))
            target.toManyValues[inverse].remove(source)
        } else {
            guard target.toOneValues[inverse] === source else { return }
            willChange(target, key: inverseKey, oldValue: toOneValue(target, inverse))
            target.toOneValues[inverse] = nil
        }
    }

    // MARK: - Change recording

    /// Records that `key` of `object` is about to change from `oldValue`.
    ///
    /// The first change of a key in an event keeps its old value (for `oldValues` in the notification);
    /// the first change since the last save captures the committed snapshot (for `changedValues()`,
    /// `committedValues(forKeys:)` and `rollback()`). Setting a property marks the object updated even
    /// when the value is the same, as Core Data does.
    func willChange(_ object: ManagedObject, key: String, oldValue: @autoclosure () -> Value) {
        guard let slot = object.entity.slots[key] else { preconditionFailure("willChange: no property \(key)") }
        willChange(object, slot: slot, key: key, oldValue: oldValue())
    }

    /// ``willChange(_:key:oldValue:)`` for a caller that knows the property's slot: the change is recorded
    /// by slot number (no string-keyed lookup or dictionary).
    func willChange(_ object: ManagedObject, slot: PropertySlot, key: String, oldValue: @autoclosure () -> Value) {
        object.fireFault()
        if !object.entity.derived.triggers.isEmpty { derivedInputChanged(object, key: key) }
        if !propagation.observations.isEmpty { willChangeObserved(object, key: key, stored: true) }
        if object.state.committedAttributes == nil && !object.state.isInserted {
            object.state.committedAttributes = object.attributeValues
            object.state.committedToOne = object.toOneValues
            object.state.committedToMany = object.toManyValues
            snapshotted.insert(object)
        }
        object.state.recordPendingChange(slotNumber: object.entity.slotNumber(slot), oldValue: oldValue)
        pendingUpdated.insert(object)
        if !object.state.isInserted && !object.state.isDeleted { updated.insert(object) }
    }
}
