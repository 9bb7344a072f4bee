/// The identity of a managed object (`NSManagedObjectID`).
///
/// An inserted object has a temporary ID until the first save; the save gives it a permanent one. Both
/// carry the same number, so the object keeps its `Entity#n` display name.
public struct ManagedObjectID: Hashable, CustomStringConvertible, Sendable {
    /// The entity name.
    public let entityName: String
    /// The number in the low 63 bits, the temporary flag in the top bit: one word instead of a word and a
    /// padded byte, so an ID takes 24 bytes (every object and every registration holds one).
    private var bits: UInt64

    /// The object's number within its entity, in insertion order starting at 1.
    public var number: Int { Int(Int64(bitPattern: bits << 1) >> 1) }
    /// True until the object's first save.
    public internal(set) var isTemporaryID: Bool {
        get { bits >> 63 != 0 }
        set { bits = newValue ? bits | (1 << 63) : bits & ~(1 << 63) }
    }

    /// The numbers an ID can hold: 63 bits (object numbers start at 1 and grow by one per object).
    public static let numberRange = -(1 << 62) ... (1 << 62) - 1

    /// Creates an ID.
    /// - Precondition: `number` is in ``numberRange`` (input from outside, such as a URI, is checked first).
    public init(entityName: String, number: Int, isTemporaryID: Bool) {
        precondition(Self.numberRange.contains(number), "ManagedObjectID: number \(number) beyond 63 bits")
        self.entityName = entityName
        self.bits = (UInt64(bitPattern: Int64(number)) & ~(1 << 63)) | (isTemporaryID ? 1 << 63 : 0)
    }

    /// `Entity#n`.
    public var displayName: String { entityName + "#" + String(number) }

    /// The URI form Core Data prints: `x-coredata:///Customer/t1` or `x-coredata://ripple/Customer/p1`.
    public var uriRepresentation: String {
        isTemporaryID ? "x-coredata:///\(entityName)/t\(number)" : "x-coredata://ripple/\(entityName)/p\(number)"
    }

    /// The URI form.
    public var description: String { uriRepresentation }

    /// IDs are equal when entity and number are (temporary and permanent forms of one object are equal).
    public static func == (lhs: ManagedObjectID, rhs: ManagedObjectID) -> Bool {
        lhs.bits << 1 == rhs.bits << 1 && lhs.entityName == rhs.entityName
    }

    /// Hashes the number and the length of the entity name: equal IDs hash equally, and the hash never
    /// reads the name's characters (IDs are hashed for every registration and save; two entities whose
    /// names have the same length share the numbers' hashes, and equality tells them apart).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(entityName.utf8.count)
    }
}
