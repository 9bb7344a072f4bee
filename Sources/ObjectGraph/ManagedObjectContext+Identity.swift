extension ManagedObjectContext {
    /// The object with that ID in this context (`object(with:)`): the registered instance, or a new fault
    /// for an object its source holds. Like Core Data, it always returns an object: for an ID that names
    /// no saved object (deleted since, or another context's temporary ID) it is an inaccessible stand-in
    /// whose first property access fails with `CoreData could not fulfill a fault for '…'`.
    public func object(with id: ManagedObjectID) throws -> ManagedObject {
        try checkQueue("objectWithID")
        guard let entity = model.entity(named: id.entityName) else {
            throw ObjectGraphError(.invalidOperation,
                "objectWithID: the object ID \(id.uriRepresentation) does not belong to this context's model")
        }
        if let object = registered[id] { return object }
        if let object = materialize(id) { return object }
        let standIn = ManagedObject(entity: entity, objectID: id, context: nil)
        standIn.state.isInvalid = true
        return standIn
    }

    /// The message of an operation on an object that belongs to another context.
    func otherContextError(_ object: ManagedObject, _ use: ContextUse) -> ObjectGraphError {
        let owner = object.managedObjectContext?.name ?? "no context"
        let whose = "\(object.displayName) belongs to \(owner), not \(name)"
        switch use {
        case .delete:
            return ObjectGraphError(.invalidOperation,
                "An NSManagedObjectContext cannot delete objects in other contexts. (\(whose); use \(name):object(obj.objectID) to get its instance here)")
        case .refresh:
            return ObjectGraphError(.invalidOperation,
                "An NSManagedObjectContext cannot refresh objects in other contexts. (\(whose))")
        case .relationship(let key, let source):
            return ObjectGraphError(.invalidOperation,
                "Illegal attempt to establish a relationship '\(key)' between objects in different contexts (source = \(source.displayName) in \(name), destination = \(object.displayName) in \(owner))")
        case .obtainPermanentIDs:
            return ObjectGraphError(.invalidOperation,
                "An NSManagedObjectContext cannot obtain permanent IDs for objects in other contexts. (\(whose))")
        case .access:
            return ObjectGraphError(.invalidOperation,
                "An NSManagedObjectContext cannot use objects of other contexts. (\(whose))")
        }
    }
}

/// What a context was doing with an object when it found the object belongs to another context.
enum ContextUse {
    case delete
    case refresh
    case obtainPermanentIDs
    case relationship(key: String, source: ManagedObject)
    case access
}

extension ManagedObject {
    /// A detached stand-in for the object with that ID, for comparisons only (`SELF == %@` with an object
    /// ID): in predicates it equals every instance of that object, in any context of the same
    /// coordinator; any property access fails like an access to an object that is gone.
    public static func reference(to id: ManagedObjectID, entity: EntityDescription) -> ManagedObject? {
        guard entity.name == id.entityName else { return nil }
        let standIn = ManagedObject(entity: entity, objectID: id, context: nil)
        standIn.state.isInvalid = true
        return standIn
    }

    /// True when two instances stand for the same object: the same instance, or the same object ID
    /// over the same coordinator (instances of one object in two contexts, or an ID's stand-in).
    public func isSameObject(as other: ManagedObject) -> Bool {
        if self === other { return true }
        guard objectID == other.objectID, entity === other.entity else { return false }
        if let a = managedObjectContext, let b = other.managedObjectContext {
            return a.persistentStoreCoordinator === b.persistentStoreCoordinator
        }
        return true
    }
}

extension PersistentStoreCoordinator {
    /// The object ID a URI names (`managedObjectID(forURIRepresentation:)`), or nil when the URI is not
    /// one of this coordinator's (`x-coredata://ripple/Entity/pN` or `x-coredata:///Entity/tN`, an entity
    /// of the model, a number from 1 to ``ManagedObjectID/largestNumber``).
    public func managedObjectID(forURIRepresentation uri: String) -> ManagedObjectID? {
        let permanentPrefix = "x-coredata://ripple/", temporaryPrefix = "x-coredata:///"
        let rest: Substring
        if uri.hasPrefix(permanentPrefix) {
            rest = uri.dropFirst(permanentPrefix.count)
        } else if uri.hasPrefix(temporaryPrefix) {
            rest = uri.dropFirst(temporaryPrefix.count)
        } else {
            return nil
        }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, managedObjectModel.entity(named: String(parts[0])) != nil,
              let tag = parts[1].first else { return nil }
        let isTemporary = uri.hasPrefix(temporaryPrefix)
        guard tag == (isTemporary ? "t" : "p"), let number = Int(parts[1].dropFirst()), number >= 1,
              number <= ManagedObjectID.largestNumber,
              String(number) == parts[1].dropFirst() else { return nil }
        return ManagedObjectID(entityName: String(parts[0]), number: number, isTemporaryID: isTemporary)
    }
}
