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

    /// The changed keys of the current event, sorted, with their old values (what `objectsDidChange`
    /// announces for an updated object).
    var pendingChangeRecord: (keys: [String], old: [String: Value]) {
        let slots = state.pendingSlots
        if slots.isEmpty { return ([], [:]) }
        let old = state.pendingOld
        if slots.count == 1 {
            let name = entity.propertyName(slotNumber: slots[0])
            return ([name], [name: old[0]])
        }
        var keys: [String] = []
        keys.reserveCapacity(slots.count)
        var values = Dictionary<String, Value>(minimumCapacity: slots.count)
        for (k, n) in slots.enumerated() {
            let name = entity.propertyName(slotNumber: n)
            keys.append(name)
            values[name] = old[k]
        }
        keys.sort()
        return (keys, values)
    }
}
