/// The fast paths of bridges that resolved a property to its attribute index once (the Lua property path).
/// Both do exactly what `value(forKey:)` / `setValue(_:forKey:)` do in the common case, and decline (nil /
/// false, changing nothing) whenever the general path could fire a fault, fail or do anything else.
extension ManagedObject {
    /// Attribute `i`, or nil when reading it needs the general path (a fault or an invalidated object).
    /// - Parameter i: An index into `entity.attributes`.
    public func readableAttribute(at i: Int) -> Value? {
        guard !state.isFault, !state.isInvalid, !state.isConfined else { return nil }
        return attributeValues[i]
    }

    /// Sets attribute `i` as `setValue(_:forKey:)` does (same conversion, same change tracking through
    /// `willChange`) when that can neither fail, fire a fault, nor need derived values or key-value
    /// observers brought up to date; returns false, changing nothing, otherwise.
    /// - Parameters:
    ///   - value: The new value, converted to the attribute's type as `setValue(_:forKey:)` converts it.
    ///   - i: An index into `entity.attributes`.
    /// - Returns: true when the value was stored.
    public func setAttributeIfPlain(_ value: Value, at i: Int) -> Bool {
        guard !state.isInvalid, !state.isFault, !state.isDeleted, !state.isConfined else { return false }
        let bit: UInt64 = i < 64 ? 1 << UInt64(i) : 0
        if bit != 0, state.recordedAttributes & bit != 0, state.trackedEpoch == link.trackingEpoch {
            // Already recorded in this event, and neither the change sets nor the key-value observations
            // changed since (either advances the epoch; so does the context going): `willChange` would find
            // everything in place, and the checks below passed when the write was recorded (the model's
            // derived properties never change). No weak load of the context.
            guard let converted = ManagedObjectContext.convert(value, to: entity.attributeTypes[i]) else { return false }
            attributeValues[i] = converted
            return true
        }
        guard let context = managedObjectContext,
              !context.model.derivedPropertiesPresent, context.propagation.observations.isEmpty else {
            // Derived values and key-value observers need the general path's settling step.
            return false
        }
        let attributes = entity.attributes
        guard let converted = ManagedObjectContext.convert(value, to: attributes[i].type) else { return false }
        context.willChange(self, key: attributes[i].name, oldValue: attributeValues[i])
        attributeValues[i] = converted
        if bit != 0 {
            if state.trackedEpoch != context.trackingEpoch {
                state.trackedEpoch = context.trackingEpoch
                state.recordedAttributes = 0
            }
            state.recordedAttributes |= bit
        }
        return true
    }
}
