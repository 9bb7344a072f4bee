/// The version hashes of a model's entities and properties (`versionHash`, `entityVersionHashesByName`):
/// 32 bytes that change when, and only when, something that affects how the data is persisted changes.
///
/// The inputs are the ones Core Data documents:
/// - a property: its name, whether it is optional, transient or read-only, and its `versionHashModifier`;
///   an attribute adds its attribute type; a relationship adds its destination entity's name, its inverse's
///   name, its minimum and maximum count (a to-one counts 1 at most), and whether it is ordered (an ordered
///   relationship is stored differently);
/// - an entity: its name, whether it is abstract, its superentity's hash, the hashes of its persistent
///   properties (transient ones are left out: they are not stored) and its `versionHashModifier`.
///
/// Not inputs: `renamingIdentifier`, user info, class names, validation rules, default values, delete
/// rules, indexes. Apple does not document how the inputs are combined, so Ripple's bytes are its own
/// (SHA-256 over the inputs in a fixed order): equal for equal inputs across runs and machines, but not
/// equal to the hashes Core Data writes into an app's store.
public enum ModelVersionHash {
    /// The version hash of an attribute.
    public static func attribute(_ a: AttributeDescription) -> [UInt8] {
        digest(["attribute", a.name, flag(a.isOptional), flag(a.isTransient), "readOnly=0",
                "modifier=" + (a.details.element.versionHashModifier ?? ""),
                "type=" + a.type.rawValue])
    }

    /// The version hash of a relationship.
    public static func relationship(_ r: RelationshipDescription) -> [UInt8] {
        let minCount = r.isToMany ? (r.minCount ?? 0) : (r.isOptional ? 0 : 1)
        let maxCount = r.isToMany ? (r.maxCount ?? 0) : 1
        return digest(["relationship", r.name, flag(r.isOptional), "transient=0", "readOnly=0",
                       "modifier=" + (r.details.element.versionHashModifier ?? ""),
                       "destination=" + r.destinationEntityName, "inverse=" + (r.inverseName ?? ""),
                       "minCount=\(minCount)", "maxCount=\(maxCount)", "ordered=" + flag(r.isToMany && r.isOrdered)])
    }

    /// The version hash of an entity (its superentity's hash included).
    public static func entity(_ e: EntityDescription) -> [UInt8] {
        var inputs = ["entity", e.name, "abstract=" + flag(e.isAbstract),
                      "modifier=" + (e.details.element.versionHashModifier ?? ""),
                      "super=" + (e.superentity.map { hex(entity($0)) } ?? "")]
        var properties: [(String, [UInt8])] = []
        for a in e.declaredAttributes where !a.isTransient { properties.append((a.name, attribute(a))) }
        for r in e.declaredRelationships { properties.append((r.name, relationship(r))) }
        for (name, hash) in properties.sorted(by: { $0.0 < $1.0 }) { inputs.append(name + "=" + hex(hash)) }
        return digest(inputs)
    }

    /// Every entity's hash by name (`entityVersionHashesByName`).
    public static func entityHashes(_ model: ManagedObjectModel) -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for e in model.entities { result[e.name] = entity(e) }
        return result
    }

    /// Whether a store whose `NSStoreModelVersionHashes` are `hashes` was written with `model`: the same
    /// entity names with the same hashes (`isConfiguration(withName:compatibleWithStoreMetadata:)`).
    public static func model(_ model: ManagedObjectModel, matches hashes: [String: PropertyListValue]) -> Bool {
        guard hashes.count == model.entities.count else { return false }
        return model.entities.allSatisfy { hashes[$0.name] == .data(entity($0)) }
    }

    private static func flag(_ b: Bool) -> String { b ? "1" : "0" }

    private static func digest(_ inputs: [String]) -> [UInt8] {
        // Each input is length-prefixed, so that no two different lists give the same bytes.
        var bytes: [UInt8] = Array("ripple-version-hash-2".utf8)
        for input in inputs {
            let utf8 = Array(input.utf8)
            bytes += Array(String(utf8.count).utf8) + [0x3A] + utf8
        }
        return SHA256.hash(bytes)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for b in bytes { out.append(digits[Int(b >> 4)]); out.append(digits[Int(b & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
