extension ManagedObjectContext {
    /// Checks `relationshipKeyPathsForPrefetching`: each component of each key path must name a
    /// relationship (of the entity, then of the previous relationship's destination).
    /// - Throws: `.invalidFetchRequest`: `Invalid keypath name passed to setRelationshipKeyPathsForPrefetching:
    ///   (name is not a relationship of Customer)`.
    func checkPrefetchKeyPaths(_ request: FetchRequest, entity: EntityDescription) throws {
        for path in request.relationshipKeyPathsForPrefetching {
            var current = entity
            for component in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
                guard let relationship = current.relationship(named: component),
                      let destination = model.entity(named: relationship.destinationEntityName) else {
                    throw ObjectGraphError(.invalidFetchRequest,
                        "Invalid keypath \(path) passed to setRelationshipKeyPathsForPrefetching: (\(component) is not a relationship of \(current.name))")
                }
                current = destination
            }
        }
    }

    /// Loads the objects the prefetch key paths reach from the results: they are no longer faults, as
    /// when Core Data fetches them with the results.
    func prefetchRelationships(of results: [ManagedObject], for request: FetchRequest) throws {
        for path in request.relationshipKeyPathsForPrefetching {
            // With `fetchBatchSize`, results of later batches stay faults: their relationships load with them.
            var level = request.fetchBatchSize > 0 ? results.filter { !$0.state.isFault } : results
            for component in path.split(separator: ".").map(String.init) {
                var next: [ManagedObject] = []
                try WorkBudget.charge(level.count)
                for object in level where !object.state.isInvalid {
                    object.fireFault()
                    switch try object.value(forKey: component) {
                    case .object(let o): next.append(o)
                    case .collection(let items):
                        for case .object(let o) in items { next.append(o) }
                    default: break
                    }
                }
                for object in next { object.fireFault() }
                level = next
            }
        }
    }
}
