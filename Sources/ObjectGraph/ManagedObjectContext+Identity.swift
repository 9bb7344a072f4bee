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
        standIn.link = link.detachedLink   // no context, but the coordinator: its URI names the store
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
    /// one of this coordinator's: `x-coredata://<UUID>/Entity/pN` where the UUID is one of its stores'
    /// (a URI of another store is nil, as in Core Data), or a temporary `x-coredata:///Entity/t<UUID>N`;
    /// an entity of the model and a number from 1 to ``ManagedObjectID/largestNumber``.
    public func managedObjectID(forURIRepresentation uri: String) -> ManagedObjectID? {
        let scheme = "x-coredata://"
        guard uri.hasPrefix(scheme) else { return nil }
        let parts = uri.dropFirst(scheme.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, managedObjectModel.entity(named: String(parts[1])) != nil,
              let tag = parts[2].first else { return nil }
        let isTemporary = parts[0].isEmpty
        var digits = parts[2].dropFirst()
        var storeTag: UInt32 = 0
        if isTemporary {
            guard tag == "t", digits.hasPrefix(StoreIdentity.temporaryPrefix) else { return nil }
            digits = digits.dropFirst(StoreIdentity.temporaryPrefix.count)
        } else {
            guard tag == "p", let store = persistentStores.first(where: { $0.storeUUID == parts[0] }) else { return nil }
            storeTag = store.storeTag
        }
        guard let number = Int(digits), number >= 1, number <= ManagedObjectID.largestNumber,
              String(number) == digits else { return nil }
        return ManagedObjectID(entityName: String(parts[1]), number: number, isTemporaryID: isTemporary, storeTag: storeTag)
    }

    /// The tag of the store an object's permanent ID names: the only store's, or the one holding its row,
    /// or the store new objects are saved to; with no store, the last one removed.
    func storeTag(entityName: String, number: Int) -> UInt32 {
        if persistentStores.count == 1 { return persistentStores[0].storeTag }
        let id = ManagedObjectID(entityName: entityName, number: number, isTemporaryID: false)
        return (store(holding: id) ?? defaultStore)?.storeTag ?? removedStoreTag
    }

    /// A permanent ID with the tag of its store filled in (an ID made from a row number has none).
    func withStoreTag(_ id: ManagedObjectID) -> ManagedObjectID {
        guard !id.isTemporaryID, id.storeTag == 0 else { return id }
        var tagged = id
        tagged.storeTag = storeTag(entityName: id.entityName, number: id.number)
        return tagged
    }

    /// Whether a permanent ID names one of this coordinator's stores (an ID without a known store does).
    func holdsStore(of id: ManagedObjectID) -> Bool {
        id.storeTag == 0 || persistentStores.contains { $0.storeTag == id.storeTag }
    }
}
