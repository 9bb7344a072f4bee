/// Where a front end's code made an object invalid: the place that inserted it and, per key, the last
/// recorded write that left the key failing validation. A front end (the Lua scripting layer) records them
/// through ``ManagedObject/noteInsertion(at:)`` and ``ManagedObject/noteWrite(ofKey:at:)``; a validation
/// error about the object then ends with them, e.g.
/// `… NSValidationErrorValue=nil} (Contact#3: inserted at contacts.lua:12; name set to nil at contacts.lua:20)`.
///
/// Only writes that leave the key failing validation are recorded (a nil, a value outside a range, length or
/// pattern), and an insertion only when the new object would fail validation; so a valid change costs
/// nothing but the check.
public final class ObjectChangeSites {
    /// Where the object was inserted (recorded only when it was invalid right after the insertion).
    public internal(set) var insertion: String?
    /// For each key: the value written and where, for the last recorded write of the key.
    public internal(set) var writes: [String: (value: Value, site: String)] = [:]

    init() {}
}

extension ManagedObject {
    /// The places recorded for this object by ``noteInsertion(at:)`` and ``noteWrite(ofKey:at:)``, if any.
    public var changeSites: ObjectChangeSites? { recordedChangeSites }

    /// Records `site()` as the place that inserted this object when the object, as it is now, would fail
    /// validation (a required value missing, a value outside its rules); otherwise does nothing and does not
    /// call `site`.
    public func noteInsertion(at site: () -> String?) {
        guard wouldFailValidation, let place = site() else { return }
        sitesBox().insertion = place
    }

    /// Records `site()` as the place of the last write of `key` when the key's value, as it is now, fails
    /// validation (nil in a required attribute or to-one relationship, a value outside an attribute's range,
    /// length or pattern); otherwise does nothing and does not call `site`.
    public func noteWrite(ofKey key: String, at site: () -> String?) {
        let value: Value
        switch entity.slots[key] {
        case .attribute(let i)?:
            noteWrite(ofAttributeAt: i, at: site)
            return
        case .relationship(let i)?:
            let r = entity.relationships[i]
            guard !r.isToMany, !r.isOptional, toOneValues[i] == nil else { return }
            value = .null
        default:
            return
        }
        guard let place = site() else { return }
        sitesBox().writes[key] = (value, place)
    }

    /// ``noteWrite(ofKey:at:)`` for attribute `i` (an index into `entity.attributes`).
    public func noteWrite(ofAttributeAt i: Int, at site: () -> String?) {
        let value = attributeValues[i]
        // A value in an attribute without rules cannot fail: no copy of the attribute's description.
        if !value.isNull && !entity.limitedAttributes[i] { return }
        guard ManagedObjectContext.attributeFails(self, at: i), let place = site() else { return }
        sitesBox().writes[entity.attributes[i].name] = (value, place)
    }

    /// The suffix a validation error about `key` of this object ends with, or "" when nothing was recorded
    /// (a recorded write is named only while the key still holds the value written).
    func changeSiteSuffix(forKey key: String, value: Value) -> String {
        guard let sites = changeSites else { return "" }
        var parts: [String] = []
        if let insertion = sites.insertion { parts.append("inserted at \(insertion)") }
        if let write = sites.writes[key], write.value == value {
            parts.append("\(key) set to \(write.value) at \(write.site)")
        }
        return parts.isEmpty ? "" : " (\(displayName): \(parts.joined(separator: "; ")))"
    }

    /// Whether this object would fail validation now, checked without building the errors (attributes and
    /// relationships; not what a class's validation methods add).
    var wouldFailValidation: Bool {
        for (i, requiredOnly) in entity.validatedAttributes {
            if requiredOnly {
                if attributeValues[i].isNull { return true }
            } else if ManagedObjectContext.attributeFails(self, at: i) {
                return true
            }
        }
        for (i, r) in entity.relationships.enumerated() {
            if r.isToMany {
                guard r.minCount != nil || r.maxCount != nil || !r.isOptional else { continue }
                let count = toManyValues[i].count
                if count < (r.minCount ?? (r.isOptional ? 0 : 1)) { return true }
                if let max = r.maxCount, max > 0, count > max { return true }
            } else if !r.isOptional, toOneValues[i] == nil {
                return true
            }
        }
        return false
    }
}

extension ManagedObjectContext {
    /// Whether attribute `i` of `object` fails its validation rules (required, range, length, pattern).
    static func attributeFails(_ object: ManagedObject, at i: Int) -> Bool {
        var errors: [ObjectGraphError] = []
        validate(attributeAt: i, of: object, into: &errors)
        return !errors.isEmpty
    }
}
