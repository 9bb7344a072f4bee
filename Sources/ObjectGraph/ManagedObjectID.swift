/// The identity of a managed object (`NSManagedObjectID`).
///
/// An inserted object has a temporary ID until the first save; the save gives it a permanent one. Both
/// carry the same number, so the object keeps its `Entity#n` display name.
public struct ManagedObjectID: Hashable, CustomStringConvertible, Sendable {
    /// The entity name.
    public let entityName: String
    /// The object's number within its entity, in insertion order starting at 1.
    public let number: Int
    /// True until the object's first save.
    public internal(set) var isTemporaryID: Bool
    /// The store of a permanent ID, as its ``StoreIdentity`` tag (0: no store known, and for temporary IDs).
    /// Not part of equality: numbers are unique per entity across a coordinator's stores.
    public internal(set) var storeTag: UInt32 = 0

    /// The largest object number (2^53 - 1, the largest integer every Lua number and JSON reader holds
    /// exactly). A URI naming a larger number names no object; numbering that would pass it is the error
    /// ``ObjectGraphError/numberingExhausted(_:)``, never an arithmetic overflow.
    public static let largestNumber = (1 << 53) - 1

    /// Creates an ID.
    public init(entityName: String, number: Int, isTemporaryID: Bool, storeTag: UInt32 = 0) {
        self.entityName = entityName
        self.number = number
        self.isTemporaryID = isTemporaryID
        self.storeTag = isTemporaryID ? 0 : storeTag
    }

    /// The UUID of the store of a permanent ID (`NSStoreUUID`), when known.
    public var storeUUID: String? { StoreIdentity.uuid(for: storeTag) }

    /// `Entity#n`.
    public var displayName: String { entityName + "#" + String(number) }

    /// The URI form Core Data prints: `x-coredata://<store UUID>/Customer/p1` for a permanent ID,
    /// `x-coredata:///Customer/t<UUID><number>` for a temporary one (see ``StoreIdentity``). A permanent
    /// ID no store holds any more (its store was removed) prints `x-coredata://(no store)/Customer/p1`.
    public var uriRepresentation: String {
        if isTemporaryID { return "x-coredata:///\(entityName)/t\(StoreIdentity.temporaryPrefix)\(number)" }
        return "x-coredata://\(storeUUID ?? "(no store)")/\(entityName)/p\(number)"
    }

    /// The URI form.
    public var description: String { uriRepresentation }

    /// IDs are equal when entity and number are (temporary and permanent forms of one object are equal).
    public static func == (lhs: ManagedObjectID, rhs: ManagedObjectID) -> Bool {
        lhs.number == rhs.number && lhs.entityName == rhs.entityName
    }

    /// Hashes the number and the length of the entity name: equal IDs hash equally, and the hash never
    /// reads the name's characters (IDs are hashed for every registration and save; two entities whose
    /// names have the same length share the numbers' hashes, and equality tells them apart).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(entityName.utf8.count)
    }
}
