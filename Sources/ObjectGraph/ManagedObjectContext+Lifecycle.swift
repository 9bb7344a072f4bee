extension ManagedObjectContext {
    /// How many rounds of processing a save tries before it gives up on a context that its `willSave`
    /// methods or its observers keep changing (Core Data's limit).
    static let dirtyAttemptLimit = 1000

    /// Core Data's words when a save gives up on a context that keeps changing.
    static var stillDirtyError: ObjectGraphError {
        ObjectGraphError(.invalidOperation,
            "Failed to process pending changes before save. The context is still dirty after \(dirtyAttemptLimit) attempts. Typically this recursive dirtying is caused by a bad validation method, -willSave, or notification handler.")
    }

    /// Runs a callback of the object's class, if it has one; its failure is thrown.
    func runCallback(_ callback: ManagedObjectCallback, on object: ManagedObject) throws {
        guard let cls = object.entity.managedObjectClass, cls.implements(callback) else { return }
        try cls.run(callback, on: object)
    }

    /// Runs a callback where nothing can throw: the first failure is kept in `callbackError` for the public
    /// call that caused it (``throwCallbackError()``).
    func deferCallback(_ callback: ManagedObjectCallback, on object: ManagedObject) {
        guard let cls = object.entity.managedObjectClass, cls.implements(callback) else { return }
        do { try cls.run(callback, on: object) } catch { if callbackError == nil { callbackError = error } }
    }

    /// Rethrows (and forgets) the first callback failure kept by ``deferCallback(_:on:)``.
    func throwCallbackError() throws {
        guard let error = callbackError else { return }
        callbackError = nil
        throw error
    }

    /// The kept callback failure, taken (nil when there is none).
    func takeCallbackError() -> Error? {
        defer { callbackError = nil }
        return callbackError
    }

    /// `willSave` on every inserted, updated and deleted object whose class has it, in object order; then,
    /// while a round changed anything, the changes are processed and `willSave` runs again on the objects
    /// that round changed (and those its deletions cascaded to). A save whose `willSave` methods never stop
    /// changing values fails after ``dirtyAttemptLimit`` rounds with Core Data's message. The first error a
    /// `willSave` raises stops the save: nothing is written and the context keeps its changes.
    func runWillSaveCallbacks() throws {
        guard model.hasManagedObjectClasses else { return }
        func implementing(_ objects: some Sequence<ManagedObject>) -> [ManagedObject] {
            objects.filter { $0.entity.managedObjectClass?.implements(.willSave) == true }.sortedInObjectOrder()
        }
        var targets = implementing(changedObjects())
        var attempts = 1
        while !targets.isEmpty {
            for object in targets where object.managedObjectContext === self {
                try runCallback(.willSave, on: object)
            }
            guard hasPendingChanges else { return }
            guard attempts < Self.dirtyAttemptLimit else { throw Self.stillDirtyError }
            attempts += 1
            let before = changedObjects()
            var changed = Set(pendingInserted)
            changed.formUnion(pendingUpdated)
            changed.formUnion(pendingDeleted)
            try processPendingChanges()
            targets = implementing(changedObjects().filter { changed.contains($0) || !before.contains($0) })
        }
    }

    /// The inserted, updated and deleted objects.
    private func changedObjects() -> Set<ManagedObject> {
        var all = Set(inserted)
        all.formUnion(updated)
        all.formUnion(deleted)
        return all
    }

    /// After a save: `didSave` on every saved object, then the saved deletions turn into faults
    /// (`willTurnIntoFault`, `didTurnIntoFault`), in object order. Returns the first failure; every
    /// callback runs.
    func runDidSaveCallbacks(_ note: ContextDidSaveNotification) -> Error? {
        guard model.hasManagedObjectClasses else { return nil }
        var firstError: Error?
        let saved = note.inserted.isEmpty && note.deleted.isEmpty ? note.updated
            : (note.inserted + note.updated + note.deleted).sortedInObjectOrder()
        for object in saved {
            do { try runCallback(.didSave, on: object) } catch { if firstError == nil { firstError = error } }
        }
        for object in note.deleted.sortedInObjectOrder() {
            do { try runCallback(.willTurnIntoFault, on: object) } catch { if firstError == nil { firstError = error } }
            do { try runCallback(.didTurnIntoFault, on: object) } catch { if firstError == nil { firstError = error } }
        }
        return firstError
    }

    /// The validation errors of the object's class, after the model's own (`errors`): `validate<Key>` for
    /// each property the class validates and the model found nothing wrong with, in model order, then
    /// `validateForInsert`/`validateForUpdate`/`validateForDelete`.
    func classValidationErrors(_ object: ManagedObject, operation: ValidationOperation,
                               after errors: [ObjectGraphError]) throws -> [ObjectGraphError] {
        guard let cls = object.entity.managedObjectClass else { return [] }
        var result: [ObjectGraphError] = []
        if operation != .delete {
            let failedKeys = Set(errors.compactMap(\.validationKey))
            for key in object.entity.storedPropertyNames where cls.validatesValue(forKey: key) && !failedKeys.contains(key) {
                let value = try object.value(forKey: key)
                if let failure = try cls.validateValue(value, forKey: key, of: object) {
                    result.append(.validation(failure.code, failure.message, object: object, key: key, value: value))
                }
            }
        }
        if let failure = try cls.validate(object, for: operation) {
            var error = ObjectGraphError(.validation, code: failure.code,
                "Error Domain=NSCocoaErrorDomain Code=\(failure.code) \"\(failure.message)\" UserInfo={NSValidationErrorObject=\(object.displayName)}")
            error.validationKey = nil
            result.append(error)
        }
        return result
    }
}

extension ManagedObject {
    /// Loads the object's values if it is a fault, and throws the first failure of a callback that ran
    /// meanwhile (`awakeFromFetch`).
    func fireFaultThrowingCallbackError() throws {
        guard state.isFault, let context = managedObjectContext else { return }
        context.fulfillFault(self)
        try context.throwCallbackError()
    }
}
