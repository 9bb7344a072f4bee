/// What a fetch returns (`NSFetchRequestResultType`).
public enum FetchRequestResultType: String, CaseIterable, Sendable {
    /// Managed objects (the default).
    case managedObjectResultType
    /// Object IDs, without registering objects.
    case managedObjectIDResultType
    /// One dictionary per object (or per group with `propertiesToGroupBy`) with the `propertiesToFetch`
    /// (nil values left out, to-one relationships as object IDs), read from the saved values: pending
    /// changes are not included.
    case dictionaryResultType
    /// The number of matching objects, as a one-element array.
    case countResultType
}

/// The result of ``ManagedObjectContext/execute(_:)``, by result type.
public enum FetchResult {
    /// `managedObjectResultType`.
    case objects([ManagedObject])
    /// `managedObjectIDResultType`.
    case objectIDs([ManagedObjectID])
    /// `dictionaryResultType`: a to-one relationship's value is `.object` of its destination (shown as its ID).
    case dictionaries([[String: Value]])
    /// `countResultType`.
    case count(Int)
}

/// The objects one batched fetch left as faults together: touching one loads the whole batch.
final class FaultBatch {
    var members: [ManagedObject] = []
}

extension ManagedObjectContext {
    /// Runs a fetch request with its result type (`fetch(_:)` for any `resultType`).
    /// - Throws: as ``fetch(_:)``; `.invalidFetchRequest` for a bad `propertiesToFetch`,
    ///   `propertiesToGroupBy` or `havingPredicate` (see ``FetchRequest/propertiesToGroupBy``).
    public func execute(_ request: FetchRequest) throws -> FetchResult {
        try validateGrouping(request)
        switch request.resultType {
        case .managedObjectResultType:
            return .objects(try fetch(request))
        case .managedObjectIDResultType:
            return .objectIDs(try fetch(request).map(\.objectID))
        case .countResultType:
            return .count(try count(for: request))
        case .dictionaryResultType:
            return .dictionaries(try fetchDictionaries(request))
        }
    }

    /// Batch faulting after a fetch with `fetchBatchSize`: the first batch is loaded; every later object
    /// that was a fault before the fetch (and has no changes) is a fault again, grouped with the others
    /// of its batch.
    func applyBatching(_ objects: [ManagedObject], batchSize: Int, faultsBefore: Set<ObjectIdentifier>) {
        guard batchSize > 0 else { return }
        var batch: FaultBatch?
        for (i, object) in objects.enumerated() {
            if i % batchSize == 0 { batch = i == 0 ? nil : FaultBatch() }
            guard let batch else {
                object.fireFault()
                continue
            }
            guard faultsBefore.contains(ObjectIdentifier(object)), !object.state.isInserted, !object.state.isDeleted,
                  !updated.contains(object), !snapshotted.contains(object),
                  object.entity.derivedProperties.isEmpty, object.entity.managedObjectClass == nil else { continue }
            object.state.isFault = true
            object.faultBatch = batch
            batch.members.append(object)
        }
    }

    /// Loads the other faults of an object's batch.
    func fulfillBatch(of object: ManagedObject) {
        guard let batch = object.faultBatch else { return }
        object.faultBatch = nil
        for member in batch.members where member !== object {
            guard member.faultBatch === batch else { continue }
            member.faultBatch = nil
            if member.state.isFault && member.managedObjectContext === self { fulfillFault(member) }
        }
        batch.members.removeAll()
    }
}
