/// The fast paths of bridges that resolved a property to its attribute index once (the Lua property path).
/// Both do exactly what `value(forKey:)` / `setValue(_:forKey:)` do in the common case, and decline (nil /
/// false, changing nothing) whenever the general path could fire a fault, fail or do anything else.
extension ManagedObject {
    /// Attribute `i`, or nil when reading it needs the general path (a fault or an invalidated object).
    /// - Parameter i: An index into `entity.attributes`.
    public func readableAttribute(at i: Int) -> Value? {
        guard !state.isFault, !state.isInvalid, !state.isConfined, !state.deletionSaved else { return nil }
        return attributeValues[i]
    }

    /// Replaces the stored bytes of transformable attribute `i` with the value its value transformer made
    /// of them (`reverseTransformedValue`, run by the bridge on the first read after the object was loaded):
    /// not a change, so nothing is tracked or announced. Does nothing unless the attribute still holds the
    /// bytes it was loaded with.
    /// - Parameters:
    ///   - value: The reverse-transformed value.
    ///   - bytes: The bytes it was made from.
    ///   - i: An index into `entity.attributes`.
    public func replaceStoredBytes(_ bytes: [UInt8], with value: Value, at i: Int) {
        guard entity.attributes[i].type == .transformable, case .data(let held) = attributeValues[i], held == bytes else { return }
        attributeValues[i] = value
        if var committed = state.committedAttributes, case .data(let old) = committed[i], old == bytes {
            committed[i] = value
            state.committedAttributes = committed
        }
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
        // A nil or a number outside the attribute's range takes the general path, where a front end can
        // record the write that will fail validation (``noteWrite(ofKey:at:)``).
        if value.isNull { return false }
        if let n = value.numericValue, !isWithinBounds(n, at: i, bit: bit) { return false }
        if isRecordedWrite(bit) {
            // Already recorded in this event, and neither the change sets nor the key-value observations
            // changed since (either advances the epoch; so does the context going): `willChange` would find
            // everything in place, and the checks below passed when the write was recorded (the model's
            // derived properties never change). No weak load of the context.
            guard let converted = ManagedObjectContext.convert(value, to: entity.attributeTypes[i]) else { return false }
            attributeValues[i] = converted
            return true
        }
        guard let context = managedObjectContext,
              !context.model.derivedPropertiesPresent, context.propagation.observations.isEmpty,
              !entity.isStoreDerivedAttribute(at: i) else {
            // Derived values and key-value observers need the general path's settling step.
            return false
        }
        // The type and the name read alone: no copy of the attribute's description.
        let entity = self.entity
        guard let converted = ManagedObjectContext.convert(value, to: entity.attributeTypes[i]) else { return false }
        context.willChange(self, slot: .attribute(i), key: entity.attributes[i].name, oldValue: attributeValues[i])
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

    /// Whether a write of the attribute with bit `bit` (0 for indexes from 64 on) is already recorded in this
    /// event and nothing it depends on changed since (the repeated-write case of ``setAttributeIfPlain(_:at:)``).
    /// Whether `n` is within the numeric range of attribute `i` (bit `bit`, 0 from index 64 on).
    @inline(__always)
    func isWithinBounds(_ n: Double, at i: Int, bit: UInt64) -> Bool {
        if bit != 0 && entity.boundedAttributeBits & bit == 0 { return true }
        let bounds = entity.numericBounds[i]
        return n >= bounds.low && n <= bounds.high
    }

    @inline(__always)
    func isRecordedWrite(_ bit: UInt64) -> Bool {
        bit != 0 && state.recordedAttributes & bit != 0 && state.trackedEpoch == link.trackingEpoch
    }

    /// ``setAttributeIfPlain(_:at:)`` for an integer, as `.integer(n)`; a repeated write of it into an
    /// integer, double or date attribute stores the converted value without building and converting a
    /// `Value` (the Lua write fast path).
    /// - Parameters:
    ///   - n: The new value.
    ///   - i: An index into `entity.attributes`.
    /// - Returns: true when the value was stored.
    public func setAttributeIfPlain(integer n: Int64, at i: Int) -> Bool {
        let bit: UInt64 = i < 64 ? 1 << UInt64(i) : 0
        guard !state.isInvalid, !state.isFault, !state.isDeleted, !state.isConfined, isRecordedWrite(bit),
              isWithinBounds(Double(n), at: i, bit: bit) else {
            return setAttributeIfPlain(.integer(n), at: i)
        }
        switch entity.attributeTypes[i] {   // ManagedObjectContext.convert's rules for an integer
        case .integer: attributeValues[i] = .integer(n)
        case .double: attributeValues[i] = .double(Double(n))
        case .date: attributeValues[i] = .date(Double(n))
        default: return false
        }
        return true
    }

    /// ``setAttributeIfPlain(_:at:)`` for a float, as `.double(d)`; a repeated write of it into a double or
    /// date attribute stores it without building and converting a `Value` (the Lua write fast path).
    /// - Parameters:
    ///   - d: The new value.
    ///   - i: An index into `entity.attributes`.
    /// - Returns: true when the value was stored.
    public func setAttributeIfPlain(number d: Double, at i: Int) -> Bool {
        let bit: UInt64 = i < 64 ? 1 << UInt64(i) : 0
        guard !state.isInvalid, !state.isFault, !state.isDeleted, !state.isConfined, isRecordedWrite(bit),
              isWithinBounds(d, at: i, bit: bit) else {
            return setAttributeIfPlain(.double(d), at: i)
        }
        switch entity.attributeTypes[i] {
        case .double: attributeValues[i] = .double(d)
        case .date: attributeValues[i] = .date(d)
        default: return setAttributeIfPlain(.double(d), at: i)   // an integer attribute: the general rules
        }
        return true
    }
}
