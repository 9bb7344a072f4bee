import ObjectGraph

/// The attributes of one entity a controller sorts, sections and filters on, by slot number: what an
/// update has to change for the object to move, change section, or enter or leave the results. An
/// update that changes none of them is an update at the same index path, found without evaluating the
/// predicate or reading a key; one that changes only sort keys re-reads those alone.
struct WatchedSlots {
    /// The slot of each sort key, in the order of the sort descriptors.
    let sortSlots: [PropertySlot]
    /// The slot number of each sort key (parallel to `sortSlots`).
    let sortNumbers: [Int]
    /// The slot number of the section key, if the controller has sections.
    let sectionNumber: Int?
    /// The slot numbers the predicate reads.
    let predicateNumbers: [Int]

    /// The watched slots of a request for an entity, or nil when the controller cannot tell what its
    /// results depend on: a sort, section or predicate key that is a key path of several keys, an operator,
    /// a relationship or a derived property, or a predicate that reads more than its object's own keys.
    init?(request: FetchRequest, sectionNameKeyPath: String?, entity: EntityDescription) {
        func attribute(_ key: String) -> (PropertySlot, Int)? {
            guard let slot = entity.slots[key], case .attribute = slot, let n = entity.slotNumber(named: key) else {
                return nil
            }
            return (slot, n)
        }
        var slots: [PropertySlot] = []
        var numbers: [Int] = []
        for descriptor in request.sortDescriptors {
            guard case let (slot, n)? = attribute(descriptor.key) else { return nil }
            slots.append(slot)
            numbers.append(n)
        }
        sortSlots = slots
        sortNumbers = numbers
        if let sectionNameKeyPath {
            guard case let (_, n)? = attribute(sectionNameKeyPath) else { return nil }
            sectionNumber = n
        } else {
            sectionNumber = nil
        }
        var predicateNumbers: [Int] = []
        if let predicate = request.predicate {
            guard let keys = predicate.plainKeys else { return nil }
            for key in keys {
                guard case let (_, n)? = attribute(key) else { return nil }
                predicateNumbers.append(n)
            }
        }
        self.predicateNumbers = predicateNumbers
    }

    /// Whether the update paths can take this controller's updates: at most 64 sort keys (they are
    /// named by a 64-bit mask).
    var fitsUpdatePaths: Bool { sortNumbers.count <= 64 }

    /// Whether a change leaves the object's section and its place in or out of the results as they were,
    /// so that only the sort keys it changed need reading: no section or predicate key changed, and every
    /// key is known by slot.
    func keepsSectionAndMembership(_ changes: PropertyChanges) -> Bool {
        guard changes.namedKeys.isEmpty else { return false }
        if let sectionNumber, changes.contains(slot: sectionNumber) { return false }
        for n in predicateNumbers where changes.contains(slot: n) { return false }
        return true
    }
}

extension FetchedResultsController {
    /// The watched slots for an entity (cached for the entity last asked), or nil when the controller
    /// cannot tell (see ``WatchedSlots/init(request:sectionNameKeyPath:entity:)``) or follows relationship
    /// key paths.
    func watchedSlots(for entity: EntityDescription) -> WatchedSlots? {
        guard !tracksRelationshipKeyPaths else { return nil }
        if let cached = watchedSlotsCache, cached.entity == ObjectIdentifier(entity) { return cached.slots }
        let slots = WatchedSlots(request: activeRequest, sectionNameKeyPath: sectionNameKeyPath, entity: entity)
        watchedSlotsCache = (ObjectIdentifier(entity), slots)
        return slots
    }

    /// The new sort keys and section of an updated object still in the results whose change leaves its
    /// section and membership as they were (``WatchedSlots/keepsSectionAndMembership(_:)``): its entry's
    /// keys with the changed ones read again. Nil when the change needs the full evaluation.
    func keysAfterUpdate(of object: ManagedObject, entry: ResultEntry, changes: PropertyChanges) throws
        -> (keys: [Value], section: String)? {
        guard let watched = watchedSlots(for: object.entity), watched.keepsSectionAndMembership(changes) else {
            return nil
        }
        var keys = entry.keys
        for (k, n) in watched.sortNumbers.enumerated() where changes.contains(slot: n) {
            do { keys[k] = try object.value(for: watched.sortSlots[k]) } catch { throw FetchedResultsController.wrap(error) }
        }
        return (keys, entry.sectionName)
    }
}
