extension ManagedObject {
    /// The keys changed in the current event, in order of first change (names of the slot records).
    var pendingKeys: [String] { state.pendingSlots.map { entity.propertyName(slotNumber: $0) } }

    /// The keys changed in the current event with the value each had before the event's first change: the
    /// dictionary form of the slot records, built when read.
    var pendingOldValues: [String: Value] {
        let slots = state.pendingSlots
        guard !slots.isEmpty else { return [:] }
        let old = state.pendingOld
        var result = Dictionary<String, Value>(minimumCapacity: slots.count)
        for (k, n) in slots.enumerated() { result[entity.propertyName(slotNumber: n)] = old[k] }
        return result
    }
}
