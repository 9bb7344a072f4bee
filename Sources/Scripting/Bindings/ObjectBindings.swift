import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// The Lua class of an entity's objects: the members every managed object has, declared once in
    /// ``BridgeClasses/managedObjectDeclaration(_:)``, after one model slot per attribute and relationship of
    /// the entity (``LuaModelSlots``), whose reads and writes keep the scalar fast paths and the read cache.
    func entityClass(for entity: EntityDescription) -> LuaClass {
        if let existing = entityClasses[ObjectIdentifier(entity)] { return existing }
        let propertyNames = entity.propertyNames
        let slots: [PropertySlot] = propertyNames.map { entity.slots[$0]! }
        let count = slots.count
        // Attribute index of each property slot (-1: relationship or other), for the scalar fast paths.
        let attributeIndexes: [Int] = slots.map { if case .attribute(let i) = $0 { return i } else { return -1 } }
        // Property slots of transformable attributes (their writes keep the Lua value itself).
        let transformableSlots: [Bool] = attributeIndexes.map { $0 >= 0 && entity.attributes[$0].type == .transformable }
        let modelSlots = LuaModelSlots<ManagedObject>(
            className: entity.name,
            names: propertyNames,
            get: { [unowned self] target, slot, _ in
                // Only ManagedObjects are pushed with an entity class, and simlua_index checks the class; the
                // class sends model slots only (below `count`) here.
                let object = unsafeDowncast(target, to: ManagedObject.self)
                let slotKind = slots[slot]
                if case .relationship(let i) = slotKind, object.entity.relationships[i].isToMany {
                    _ = try object.value(forKey: propertyNames[slot])      // access check
                    self.state.push(object: RelationshipSet(object: object, key: propertyNames[slot]),
                                    class: self.classes.relationshipSet)
                    return
                }
                let value = try object.value(for: slotKind)
                if case .attribute(let i) = slotKind, case .data(let bytes) = value,
                   object.entity.attributes[i].type == .transformable {
                    // The first read since the bytes were loaded: the transformer makes the value.
                    let attribute = object.entity.attributes[i]
                    let restored = try self.reverseTransformed(bytes, attribute: attribute, entityName: object.entity.name)
                    object.replaceStoredBytes(bytes, with: restored, at: i)
                    self.push(restored)
                    return
                }
                self.push(value)
            },
            set: { [unowned self] target, slot, lua, valueIndex in
                let object = unsafeDowncast(target, to: ManagedObject.self)
                if transformableSlots[slot] {
                    try object.setValue(self.boxedValue(at: valueIndex), forKey: propertyNames[slot])
                    return
                }
                let value = try self.value(at: valueIndex)
                let i = attributeIndexes[slot]
                // A plain write of an attribute (a string; the scalars mostly take the C entries) goes to the
                // slot's setter, which declines — changing nothing — whenever the general path could fail,
                // fire a fault, settle derived values or tell key-value observers (ObjectWriteFastPathTests).
                if i >= 0, self.plainAttributeWrites, object.setAttributeIfPlain(value, at: i) {
                    self.plainAttributeWriteCount &+= 1
                } else {
                    try object.setValue(value, forKey: propertyNames[slot])
                }
                // A write that leaves the key failing validation keeps its line for the save's error (nil
                // and out-of-range numbers come here: the fast paths decline them).
                if i >= 0 {
                    object.noteWrite(ofAttributeAt: i) { lua.location() }
                } else {
                    object.noteWrite(ofKey: propertyNames[slot]) { lua.location() }
                }
            },
            index: { [unowned self] target, key, _ in
                let object = target as! ManagedObject
                if object.entity.managedObjectClass != nil, try self.pushClassMember(key, of: object) { return true }
                if object.entity.fetchedProperty(named: key) != nil {
                    // A fetched property: an array of objects, fetched at the first read (see docs/models.md).
                    self.push(try object.value(forKey: key))
                    return true
                }
                throw ScriptingError("[<\(object.entity.name) \(object.displayName)> valueForUndefinedKey:]: the entity \(object.entity.name) is not key value coding-compliant for the key \"\(key)\".")
            },
            newIndex: { target, key, _, _ in
                let object = target as! ManagedObject
                if let cls = object.entity.managedObjectClass as? LuaManagedObjectClass, let member = cls.member(key) {
                    throw ScriptingError("\(key) is a read-only \(member.isProperty ? "computed property" : "method") of class \(object.entity.name) (model:class)")
                }
                if object.entity.fetchedProperty(named: key) != nil {
                    throw ScriptingError("\(key) is a fetched property of entity \(object.entity.name): its value is the result of its fetch request and cannot be set")
                }
                throw ScriptingError("[<\(object.entity.name) \(object.displayName)> setValue:forUndefinedKey:]: the entity \(object.entity.name) is not key value coding-compliant for the key \"\(key)\".")
            },
            scalarGetter: { target, slot in
                guard slot < count, case let i = attributeIndexes[slot], i >= 0,
                    let value = unsafeDowncast(target, to: ManagedObject.self).readableAttribute(at: i)
                else { return .unavailable }
                switch value {
                case .double(let d), .date(let d): return .number(d)
                case .integer(let n): return .integer(n)
                case .bool(let b): return .boolean(b)
                case .null: return .nil
                default: return .unavailable
                }
            },
            scalarSetter: { target, slot, scalar in
                guard slot < count, case let i = attributeIndexes[slot], i >= 0 else { return false }
                let value: Value
                switch scalar {
                case .number(let d): value = .double(d)
                case .integer(let n): value = .integer(n)
                case .boolean(let b): value = .bool(b)
                case .nil: value = .null
                case .unavailable: return false
                }
                return unsafeDowncast(target, to: ManagedObject.self).setAttributeIfPlain(value, at: i)
            },
            // Repeated scalar reads of an attribute are answered in C until the object changes.
            readCache: LuaClass.ReadCache(
                slots: count,
                attach: { unsafeDowncast($0, to: ManagedObject.self).attachReadCache($1) },
                detach: { unsafeDowncast($0, to: ManagedObject.self).detachReadCache($1) }),
            // Scalar reads and writes of attribute slots go from C straight to the object (same results).
            directScalarAccess: ManagedObjectDirectAccess.access(indexes: attributeIndexes))
        let cls = BridgeClasses.managedObjectDeclaration(ScriptEngineReference(self)).makeClass(modelSlots: modelSlots)
        entityClasses[ObjectIdentifier(entity)] = cls
        return cls
    }

    /// The managed object argument at `index`.
    func checkObject(_ state: LuaState, _ index: Int32, _ function: String) throws -> ManagedObject {
        guard let object = state.object(at: index, as: ManagedObject.self) else {
            throw LuaArgumentError(argument: index, message: "managed object expected, got \(state.typeName(at: index))")
        }
        return object
    }

    /// Pushes a `[String: Value]` as a table.
    func pushDictionary(_ values: [String: Value]) {
        state.newTable(arrayCount: 0, recordCount: Int32(values.count))
        for key in values.keys.sorted() {
            push(values[key]!)
            state.rawSet(tableAt: -2, key: key)
        }
    }

    /// The strings of the sequence at `index`.
    package func strings(inArrayAt index: Int32) throws -> [String] {
        let table = state.absoluteIndex(index)
        var result: [String] = []
        for i in 0..<state.rawLength(at: table) {
            state.rawGet(tableAt: table, index: i + 1)
            defer { state.pop() }
            guard state.type(at: -1) == .string, let s = state.toString(at: -1) else {
                throw ScriptingError("item \(i + 1): string expected, got \(state.typeName(at: -1))")
            }
            result.append(s)
        }
        return result
    }
}
