import LuaBridge
import ObjectGraph

/// Read-only fields every managed object has after its entity's properties.
package enum ObjectField: String, CaseIterable {
    case isInserted, isUpdated, isDeleted, hasChanges, isFault, objectID, entityName, managedObjectContext
    case hasPersistentChangedValues
}

extension ScriptEngine {
    /// The Lua class of an entity's objects: one property slot per attribute and relationship, then the
    /// fields of ``ObjectField``; methods `changedValues()` and `committedValues(keys)`.
    func entityClass(for entity: EntityDescription) -> LuaClass {
        if let existing = entityClasses[ObjectIdentifier(entity)] { return existing }
        let propertyNames = entity.propertyNames
        let slots: [PropertySlot] = propertyNames.map { entity.slots[$0]! }
        let fields = ObjectField.allCases
        let count = slots.count
        // Attribute index of each property slot (-1: relationship or other), for the scalar fast paths.
        let attributeIndexes: [Int] = slots.map { if case .attribute(let i) = $0 { return i } else { return -1 } }
        // Property slots of transformable attributes (their writes keep the Lua value itself).
        let transformableSlots: [Bool] = attributeIndexes.map { $0 >= 0 && entity.attributes[$0].type == .transformable }
        let cls = LuaClass(
            name: entity.name,
            properties: propertyNames + fields.map(\.rawValue),
            methods: [
                "changedValues": { [unowned self] state in
                    let object = try self.checkObject(state, 1, "changedValues")
                    self.pushDictionary(object.changedValues())
                    return 1
                },
                "mutableOrderedSetValueForKey": { [unowned self] state in
                    let object = try self.checkObject(state, 1, "mutableOrderedSetValueForKey")
                    let key = try state.string(2)
                    guard case .relationship(let i)? = object.entity.slots[key], object.entity.relationships[i].isToMany,
                          object.entity.relationships[i].isOrdered else {
                        if object.entity.slots[key] == nil {
                            throw ScriptingError("[<\(object.entity.name) \(object.displayName)> valueForUndefinedKey:]: the entity \(object.entity.name) is not key value coding-compliant for the key \"\(key)\".")
                        }
                        throw ScriptingError("mutableOrderedSetValueForKey: '\(key)' of \(object.entity.name) is not an ordered to-many relationship (declare it with ordered = true)")
                    }
                    _ = try object.value(forKey: key)      // access check
                    state.push(object: RelationshipSet(object: object, key: key), class: self.classes.relationshipSet)
                    return 1
                },
                "changedValuesForCurrentEvent": { [unowned self] state in
                    let object = try self.checkObject(state, 1, "changedValuesForCurrentEvent")
                    self.pushDictionary(object.changedValuesForCurrentEvent())
                    return 1
                },
                "recomputationCount": { [unowned self] state in
                    let object = try self.checkObject(state, 1, "recomputationCount")
                    state.push(object.derivedRecomputationCount(forKey: try state.string(2)))
                    return 1
                },
                "committedValues": { [unowned self] state in
                    let object = try self.checkObject(state, 1, "committedValues")
                    var keys: [String]? = nil
                    if state.type(at: 2) == .table {
                        keys = try self.strings(inArrayAt: 2)
                    } else if state.type(at: 2) != .nil && state.type(at: 2) != .none {
                        throw LuaArgumentError(argument: 2, message: "table expected, got \(state.typeName(at: 2))")
                    }
                    self.pushDictionary(try object.committedValues(forKeys: keys))
                    return 1
                },
            ],
            getter: { [unowned self] target, slot, _ in
                // Only ManagedObjects are pushed with an entity class, and simlua_index checks the class.
                let object = unsafeDowncast(target, to: ManagedObject.self)
                if slot < count {
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
                    return
                }
                switch fields[slot - count] {
                case .isInserted: self.state.push(object.isInserted)
                case .isUpdated: self.state.push(object.isUpdated)
                case .isDeleted: self.state.push(object.isDeleted)
                case .hasChanges: self.state.push(object.hasChanges)
                case .hasPersistentChangedValues: self.state.push(object.hasPersistentChangedValues)
                case .isFault: self.state.push(object.isFault)
                case .objectID: self.push(objectID: object)
                case .entityName: self.state.push(object.entity.name)
                case .managedObjectContext:
                    if let context = object.managedObjectContext {
                        self.state.push(object: context, class: self.classes.context)
                    } else {
                        self.state.pushNil()
                    }
                }
            },
            setter: { [unowned self] target, slot, lua, valueIndex in
                let object = unsafeDowncast(target, to: ManagedObject.self)
                guard slot < count else {
                    throw ScriptingError("\(fields[slot - count].rawValue) is read-only")
                }
                if transformableSlots[slot] {
                    try object.setValue(self.boxedValue(at: valueIndex), forKey: propertyNames[slot])
                    return
                }
                try object.setValue(try self.value(at: valueIndex), forKey: propertyNames[slot])
                // A write that leaves the key failing validation keeps its line for the save's error (nil
                // and out-of-range numbers come here: the fast paths decline them).
                let i = attributeIndexes[slot]
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
            tostring: { target in (target as! ManagedObject).displayName },
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
                detach: { unsafeDowncast($0, to: ManagedObject.self).detachReadCache($1) })
        )
        // Scalar reads and writes of attribute slots go from C straight to the object (same results).
        cls.directScalarAccess = ManagedObjectDirectAccess.access(indexes: attributeIndexes)
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

/// A live to-many relationship as Lua sees it: `#set`, `set[i]`, `set:add(o)`, `set:remove(o)`,
/// `set:contains(o)`, `set:toArray()`; members in insertion order.
final class RelationshipSet {
    let object: ManagedObject
    let key: String

    init(object: ManagedObject, key: String) {
        self.object = object
        self.key = key
    }

    func members() throws -> [ManagedObject] {
        guard case .collection(let items) = try object.value(forKey: key) else { return [] }
        return items.compactMap(\.objectValue)
    }
}

extension BridgeClasses {
    /// The class of relationship sets.
    static func makeRelationshipSet(_ engine: ScriptEngine) -> LuaClass {
        let cls = LuaClass(
            name: "RelationshipSet",
            properties: ["count"],
            methods: [
                "add": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    try set.object.addObject(try engine.checkObject(state, 2, "add"), toRelationship: set.key)
                    return 0
                },
                "remove": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    try set.object.removeObject(try engine.checkObject(state, 2, "remove"), fromRelationship: set.key)
                    return 0
                },
                "contains": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    let member = try engine.checkObject(state, 2, "contains")
                    state.push(try set.members().contains(member))
                    return 1
                },
                "toArray": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    engine.push(try set.members())
                    return 1
                },
                // NSMutableOrderedSet's operations, for ordered relationships (0-based indexes, as in Cocoa).
                "insertObject": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    try set.object.insertObject(try engine.checkObject(state, 2, "insertObject"), at: try state.integer(3),
                                                inOrderedRelationship: set.key)
                    return 0
                },
                "removeObjectAtIndex": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    try set.object.removeObject(at: try state.integer(2), fromOrderedRelationship: set.key)
                    return 0
                },
                "replaceObjectAtIndex": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    try set.object.replaceObject(at: try state.integer(2), with: try engine.checkObject(state, 3, "replaceObjectAtIndex"),
                                                 inOrderedRelationship: set.key)
                    return 0
                },
                "moveObjectsAtIndexes": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    try state.table(2)
                    var indexes: [Int] = []
                    for i in 0..<state.rawLength(at: 2) {
                        state.rawGet(tableAt: 2, index: i + 1)
                        defer { state.pop() }
                        guard state.isInteger(at: -1), let n = state.toInteger(at: -1) else {
                            throw ScriptingError("moveObjectsAtIndexes: indexes[\(i + 1)] must be an integer, got \(state.typeName(at: -1))")
                        }
                        indexes.append(Int(n))
                    }
                    try set.object.moveObjects(at: indexes, to: try state.integer(3), inOrderedRelationship: set.key)
                    return 0
                },
                "objectAtIndex": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    let members = try set.members()
                    let index = try state.integer(2)
                    guard index >= 0, index < members.count else {
                        throw ScriptingError("*** -[__NSOrderedSetM objectAtIndex:]: index \(index) beyond bounds "
                            + (members.isEmpty ? "for empty ordered set" : "[0 .. \(members.count - 1)]"))
                    }
                    engine.push(members[index])
                    return 1
                },
                "indexOfObject": { [unowned engine] state in
                    let set = try engine.checkSet(state)
                    let member = try engine.checkObject(state, 2, "indexOfObject")
                    if let index = try set.members().firstIndex(where: { $0 === member }) { state.push(index) } else { state.pushNil() }
                    return 1
                },
            ],
            getter: { target, _, state in
                state.push(try (target as! RelationshipSet).members().count)
            },
            setter: { _, _, _, _ in throw ScriptingError("count is read-only") },
            index: { [unowned engine] target, key, state in
                // Numeric keys arrive as their text; members are 1-based.
                guard let i = Int(key) else { throw ScriptingError(undefinedKeyMessage(key, of: "RelationshipSet")) }
                let members = try (target as! RelationshipSet).members()
                guard i >= 1 && i <= members.count else { state.pushNil(); return true }
                engine.push(members[i - 1])
                return true
            },
            newIndex: { _, key, _, _ in throw ScriptingError(undefinedKeyMessage(key, of: "RelationshipSet", writing: true)) },
            tostring: { target in
                let set = target as! RelationshipSet
                let names = ((try? set.members()) ?? []).map(\.displayName)
                return "{" + names.joined(separator: ", ") + "}"
            }
        )
        cls.metamethods["__len"] = { [unowned engine] state in
            state.push(try engine.checkSet(state).members().count)
            return 1
        }
        return cls
    }
}

extension ScriptEngine {
    func checkSet(_ state: LuaState) throws -> RelationshipSet {
        guard let set = state.object(at: 1, as: RelationshipSet.self) else {
            throw LuaArgumentError(argument: 1, message: "RelationshipSet expected, got \(state.typeName(at: 1))")
        }
        return set
    }
}
