import OrderedCollections

/// The operations of `mutableOrderedSetValue(forKey:)` on an ordered to-many relationship, with Cocoa's
/// 0-based indexes and `NSMutableOrderedSet`'s range errors. Each keeps the inverse relationships in sync
/// (a member taken from another object's relationship leaves it) and records the change like any write.
extension ManagedObjectContext {
    /// The index of the ordered to-many relationship `key`.
    private func orderedIndex(_ key: String, of object: ManagedObject, _ selector: String) throws -> Int {
        try checkAccess(object, forWriting: true)
        guard case .relationship(let i)? = object.entity.slots[key], object.entity.relationships[i].isToMany else {
            if object.entity.slots[key] == nil { throw ObjectGraphError.unknownKey(key, entity: object.entity, object: object) }
            throw ObjectGraphError(.wrongType,
                "'\(key)' of \(object.entity.name) is not a to-many relationship: NSMutableOrderedSet operations need one.")
        }
        guard object.entity.relationships[i].isOrdered else {
            throw ObjectGraphError(.wrongType,
                "'\(key)' of \(object.entity.name) is not an ordered relationship: -[\(object.entity.name) \(selector)] needs one (declare it with ordered = true).")
        }
        return i
    }

    private static func beyondBounds(_ selector: String, _ index: Int, count: Int) -> ObjectGraphError {
        ObjectGraphError(.invalidOperation, "*** -[__NSOrderedSetM \(selector)]: index \(index) beyond bounds "
            + (count == 0 ? "for empty ordered set" : "[0 .. \(count - 1)]"))
    }

    /// `insertObject(_:at:)`: adds `member` at `index` (0 ... count); a member already there stays where it is.
    func insertObject(_ member: ManagedObject, at index: Int, inOrderedRelationship key: String, of object: ManagedObject) throws {
        let i = try orderedIndex(key, of: object, "insertObject:atIndex:")
        _ = try coerce(.collection([.object(member)]), forKey: key, of: object.entity, objectName: object.displayName)
        try checkAccess(member, forWriting: false, use: .relationship(key: key, source: object))
        let count = object.toManyValues[i].count
        guard index >= 0, index <= count else { throw Self.beyondBounds("insertObject:atIndex:", index, count: count + 1) }
        guard !object.toManyValues[i].contains(member) else { return }
        willChange(object, key: key, oldValue: toManyValue(object, i))
        addMember(member, to: object, relationship: i)
        object.toManyValues[i].remove(member)
        object.toManyValues[i].insert(member, at: Swift.min(index, object.toManyValues[i].count))
    }

    /// `removeObject(at:)`.
    func removeObject(at index: Int, fromOrderedRelationship key: String, of object: ManagedObject) throws {
        let i = try orderedIndex(key, of: object, "removeObjectAtIndex:")
        let members = object.toManyValues[i]
        guard index >= 0, index < members.count else { throw Self.beyondBounds("removeObjectAtIndex:", index, count: members.count) }
        willChange(object, key: key, oldValue: toManyValue(object, i))
        removeMember(members[index], from: object, relationship: i)
    }

    /// `replaceObject(at:with:)`: `member` takes the place of the member at `index`.
    func replaceObject(at index: Int, with member: ManagedObject, inOrderedRelationship key: String, of object: ManagedObject) throws {
        let i = try orderedIndex(key, of: object, "replaceObjectAtIndex:withObject:")
        _ = try coerce(.collection([.object(member)]), forKey: key, of: object.entity, objectName: object.displayName)
        try checkAccess(member, forWriting: false, use: .relationship(key: key, source: object))
        let members = object.toManyValues[i]
        guard index >= 0, index < members.count else {
            throw Self.beyondBounds("replaceObjectAtIndex:withObject:", index, count: members.count)
        }
        let old = members[index]
        guard old !== member else { return }
        willChange(object, key: key, oldValue: toManyValue(object, i))
        if members.contains(member) {
            // Already a member elsewhere: NSMutableOrderedSet keeps one copy, at the replaced position.
            removeMember(old, from: object, relationship: i)
            object.toManyValues[i].remove(member)
            object.toManyValues[i].insert(member, at: Swift.min(index, object.toManyValues[i].count))
            return
        }
        removeMember(old, from: object, relationship: i)
        addMember(member, to: object, relationship: i)
        object.toManyValues[i].remove(member)
        object.toManyValues[i].insert(member, at: Swift.min(index, object.toManyValues[i].count))
    }

    /// `moveObjects(at:to:)`: the members at `indexes` leave their places and are inserted, in their order,
    /// at `destination` of what remains.
    func moveObjects(at indexes: [Int], to destination: Int, inOrderedRelationship key: String, of object: ManagedObject) throws {
        let i = try orderedIndex(key, of: object, "moveObjectsAtIndexes:toIndex:")
        let members = object.toManyValues[i]
        let sorted = Array(Set(indexes)).sorted()
        if let bad = sorted.first(where: { $0 < 0 || $0 >= members.count }) {
            throw Self.beyondBounds("moveObjectsAtIndexes:toIndex:", bad, count: members.count)
        }
        let remaining = members.count - sorted.count
        guard destination >= 0, destination <= remaining else {
            throw Self.beyondBounds("moveObjectsAtIndexes:toIndex:", destination, count: remaining + 1)
        }
        let moving = sorted.map { members[$0] }
        var rest = members.elements.enumerated().filter { !sorted.contains($0.offset) }.map(\.element)
        rest.insert(contentsOf: moving, at: destination)
        let reordered = OrderedSet(rest)
        guard reordered != members else { return }
        willChange(object, key: key, oldValue: toManyValue(object, i))
        object.toManyValues[i] = reordered
    }
}

extension ManagedObject {
    /// `mutableOrderedSetValue(forKey:).insert(_:at:)` on an ordered to-many relationship (0-based index).
    public func insertObject(_ member: ManagedObject, at index: Int, inOrderedRelationship key: String) throws {
        guard let context = try orderedWritableContext() else { return }
        try context.performMutation { try context.insertObject(member, at: index, inOrderedRelationship: key, of: self) }
    }

    /// `mutableOrderedSetValue(forKey:).removeObject(at:)` (0-based index).
    public func removeObject(at index: Int, fromOrderedRelationship key: String) throws {
        guard let context = try orderedWritableContext() else { return }
        try context.performMutation { try context.removeObject(at: index, fromOrderedRelationship: key, of: self) }
    }

    /// `mutableOrderedSetValue(forKey:).replaceObject(at:with:)` (0-based index).
    public func replaceObject(at index: Int, with member: ManagedObject, inOrderedRelationship key: String) throws {
        guard let context = try orderedWritableContext() else { return }
        try context.performMutation { try context.replaceObject(at: index, with: member, inOrderedRelationship: key, of: self) }
    }

    /// `mutableOrderedSetValue(forKey:).moveObjects(at:to:)` (0-based indexes).
    public func moveObjects(at indexes: [Int], to destination: Int, inOrderedRelationship key: String) throws {
        guard let context = try orderedWritableContext() else { return }
        try context.performMutation { try context.moveObjects(at: indexes, to: destination, inOrderedRelationship: key, of: self) }
    }

    private func orderedWritableContext() throws -> ManagedObjectContext? {
        if state.isInvalid { throw ObjectGraphError.unfulfillableFault(self) }
        guard let context = managedObjectContext else { throw ObjectGraphError.removedFromContext(self) }
        if state.isConfined { try context.checkQueue("changing \(displayName)") }
        return context
    }
}
