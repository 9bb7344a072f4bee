extension EntityDescription {
    /// A property's slot as one number, the index of change records (``ObjectChanges``): attributes first
    /// (their index), then relationships, then derived properties.
    func slotNumber(_ slot: PropertySlot) -> Int {
        switch slot {
        case .attribute(let i): return i
        case .relationship(let i): return attributes.count + i
        case .derived(let i): return attributes.count + relationships.count + i
        }
    }

    /// The slot a slot number stands for (see ``slotNumber(_:)``).
    func slot(number n: Int) -> PropertySlot {
        if n < attributes.count { return .attribute(n) }
        if n < attributes.count + relationships.count { return .relationship(n - attributes.count) }
        return .derived(n - attributes.count - relationships.count)
    }

    /// The slot number of a property by name (see ``slotNumber(_:)``), or nil when the entity has none.
    public func slotNumber(named key: String) -> Int? {
        guard let slot = slots[key] else { return nil }
        return slotNumber(slot)
    }

    /// The name of the property with a slot number (see ``slotNumber(_:)``).
    public func propertyName(slotNumber n: Int) -> String {
        if n < attributes.count { return attributes[n].name }
        if n < attributes.count + relationships.count { return relationships[n - attributes.count].name }
        return derivedProperties[n - attributes.count - relationships.count].name
    }
}
