extension ManagedObjectContext {
    /// Gives inserted objects their permanent IDs now (`obtainPermanentIDs(for:)`), before any save.
    ///
    /// An inserted object's number was reserved from the coordinator when it was inserted; this makes its
    /// ID permanent (`isTemporaryID` false, `x-coredata://…/Entity/pN`) and, for a SQLite store, records the
    /// reservation in the file (`Z_PRIMARYKEY.Z_MAX`) so another connection does not give the number again.
    /// When another connection already saved a row with that number, the object gets the next free number
    /// (its `Entity#n` name changes, as the save would have done). The save keeps the IDs obtained here.
    /// Objects that already have permanent IDs are left alone; nothing changes when any object is refused.
    /// - Throws: `.invalidOperation` for an object of another context, `.inaccessibleObject` for a deleted
    ///   or invalidated object, `.store` 134020 when there is no store, a SQLite failure as its Cocoa error.
    public func obtainPermanentIDs(for objects: [ManagedObject]) throws {
        try checkQueue("obtainPermanentIDsForObjects")
        var pending: [ManagedObject] = []
        var seen = Set<ObjectIdentifier>()
        for object in objects {
            if object.state.isInvalid { throw ObjectGraphError.unfulfillableFault(object) }
            guard object.managedObjectContext === self else {
                if object.managedObjectContext == nil { throw ObjectGraphError.removedFromContext(object, "Obtaining a permanent ID for") }
                throw otherContextError(object, .obtainPermanentIDs)
            }
            if object.state.isDeleted {
                throw ObjectGraphError(.inaccessibleObject,
                    "Obtaining a permanent ID for a managed object \(object.displayName) <\(object.objectID.uriRepresentation)> after it has been deleted from its context." + object.fateSuffix)
            }
            if object.state.isTemporaryID && seen.insert(ObjectIdentifier(object)).inserted { pending.append(object) }
        }
        if pending.isEmpty { return }
        let coordinator = persistentStoreCoordinator
        guard let store = coordinator.defaultStore else {
            throw ObjectGraphError(.store, code: 134020,
                "This NSPersistentStoreCoordinator has no persistent stores. It cannot obtain permanent IDs.")
        }
        var renumbered: [(ManagedObject, Int)] = []
        if let file = store.openFile {
            // One transaction: numbers another connection saved a row under are replaced by the next free
            // ones, then each entity's Z_MAX is moved past the numbers reserved.
            try file.transaction {
                var nextFree: [String: Int] = [:]
                var largest: [(EntityDescription, Int)] = []
                for object in pending {
                    var number = object.number
                    if try file.isNumberTaken(object.objectID.permanent) {
                        let entity = object.entity
                        let counter = StoreLayout.root(of: entity).name
                        number = try nextFree[counter].map { last in
                            guard last < ManagedObjectID.largestNumber else { throw ObjectGraphError.numberingExhausted(entity.name) }
                            return last + 1
                        } ?? coordinator.firstNewNumber(after: try file.largestNumber(entity), count: 1, entityName: entity.name)
                        nextFree[counter] = number
                        renumbered.append((object, number))
                    }
                    largest.append((object.entity, number))
                }
                try file.raiseMaxima(largest)
            }
        }
        for (object, number) in renumbered {
            coordinator.noteTakenNumber(number, entityName: object.entity.name)
            registered[object.objectID] = nil
            object.objectID = ManagedObjectID(entityName: object.entity.name, number: number, isTemporaryID: true)
            registered.register(object)
            inserted.noteRenumbered()
            pendingInserted.noteRenumbered()
        }
        for object in pending { object.state.isTemporaryID = false }
    }
}
